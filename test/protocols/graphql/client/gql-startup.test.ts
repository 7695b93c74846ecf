import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { loadedSourcesOf } from '../../../support/loaded-sources.js'
import { CLI } from '../../../support/run-cli.js'
import { tempDir } from '../../../support/temp-dir.js'

const exec = promisify(execFile)
const ROOT = join(import.meta.dirname, '..', '..', '..', '..')
const TRACER = join(ROOT, 'test', 'support', 'trace-imports.mjs')

/** The package sources a run loaded: from node_modules directly, or bundled into the dist files it loaded. */
async function loadedSources(args: string[]): Promise<string[]> {
  const home = tempDir('apictl-trace-')
  const file = join(home, 'imports.txt')
  await exec(process.execPath, ['--import', TRACER, CLI, ...args], {
    env: {
      PATH: process.env.PATH,
      TRACE_IMPORTS_FILE: file,
      APICTL_CONFIG_DIR: home,
      APICTL_CACHE_DIR: home,
      APICTL_DATA_DIR: home,
    },
  })
  return loadedSourcesOf(file)
}

const loads = (sources: string[], name: string) =>
  sources.some((source) => source.includes(`node_modules/${name}/`))

describe('gql loads only what it uses', () => {
  it('gql --help loads none of graphql, graphql-request, got, inquirer or ws', async () => {
    const sources = await loadedSources(['gql', '--help'])
    for (const name of [
      'graphql',
      'graphql-request',
      'got',
      'inquirer',
      '@inquirer/core',
      'ws',
      'graphql-ws',
    ])
      expect(loads(sources, name), name).toBe(false)
  })

  it('gql --dry-run loads graphql and graphql-request, but not inquirer or ws (the checks can fail)', async () => {
    const sources = await loadedSources([
      'gql',
      '{ a }',
      '--dry-run',
      '--no-validate',
      '-e',
      'http://127.0.0.1:9/graphql',
    ])
    expect(loads(sources, 'graphql')).toBe(true)
    expect(loads(sources, 'graphql-request')).toBe(true)
    expect(loads(sources, 'inquirer')).toBe(false)
    expect(loads(sources, '@inquirer/core')).toBe(false)
    expect(loads(sources, 'ws')).toBe(false)
  })
})
