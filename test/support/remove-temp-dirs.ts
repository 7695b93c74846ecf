// A vitest setup file (vitest.config.ts): runs before each test file, in its module graph.
import { afterAll } from 'vitest'
import { removeTempDirs } from './temp-dir.js'

afterAll(removeTempDirs)
