import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import { type RunningServer, startServer } from '../../src/server/reference/start-server.js'
import { isolatedEnv, runCli } from './run-cli.js'

export interface ReferenceProfile {
  server: RunningServer
  /** The request lines the server logged since the test began. */
  seen: string[]
  /** A fresh isolated environment per test, with a profile `ref` on the server made active. */
  env: Record<string, string | undefined>
}

/** The reference server in-process for the file, and per test an environment whose active profile `ref` points at it. */
export function useReferenceProfile(): ReferenceProfile {
  const state = { seen: [] as string[] } as ReferenceProfile
  beforeAll(async () => {
    state.server = await startServer({
      port: 0,
      env: {},
      jwtSecret: 'a-test-secret-that-is-long-enough-for-hs256!',
      log: (line) => state.seen.push(line),
    })
  })
  afterAll(() => state.server.close())
  beforeEach(async () => {
    state.env = isolatedEnv({ APICTL_PROFILE: 'ref' })
    const added = await runCli(['profile', 'add', 'ref', '--rest', state.server.url], { env: state.env })
    expect(added.code).toBe(0)
    state.seen.length = 0
  })
  return state
}
