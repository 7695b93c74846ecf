// The REPL meets hostile answers with the same transport: a bomb is one failed line, and the session goes on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type HostileServer, SGR, startHostileServer, UNSAFE } from '../support/hostile-server.js'
import { isolatedEnv } from '../support/run-cli.js'
import { runReplScript } from './support/run-repl-script.js'

let server: HostileServer
beforeAll(async () => {
  server = await startHostileServer()
})
afterAll(() => server.close())

describe('REPL lines against a hostile server', () => {
  it('--max-size on a line stops a bomb (exit 6), and the next line still runs', async () => {
    const script = [
      `get ${server.url}/gzip --max-size 2MB --no-lint`,
      `get ${server.url}/gzip --max-size lots --no-lint`,
      `get ${server.url}/escape/json --no-lint`,
    ].join('\n')
    const run = await runReplScript(`${script}\n`, isolatedEnv())
    expect(run.output).toMatch(/The answer is larger than 2 MB \(--max-size, counted after decompression\)/)
    expect(run.output).toMatch(/\[exit 6\]/)
    expect(run.output).toMatch(/--max-size.*'lots' is invalid: expected a size such as 10MB/)
    expect(run.output).toMatch(/"message": "before /)
    expect(UNSAFE.test(run.output.replace(SGR, ''))).toBe(false)
  }, 30_000)
})
