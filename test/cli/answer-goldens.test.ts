import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Listening, listenOnLoopback } from '../support/listen-on-loopback.js'
import { isolatedEnv, runCli } from '../support/run-cli.js'
import { answerCases, answerServer, steadyStderr } from './answers/answer-cases.mjs'

/**
 * What `gql` and `soap call` print for short answers and for long ones
 * (2–3 MB, past the 1 MiB window: streamed now, read whole before), byte
 * for byte as the CLI printed them on main before the change
 * (answers/capture.mjs wrote fixtures/answers/golden.json): stdout, stderr
 * and the exit code, long outputs by digest.
 */
type Kept = string | { sha256: string; bytes: number }
type Golden = { code: number; stdout: Kept; stderr: Kept }
const golden = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'answers', 'golden.json'), 'utf8'),
) as Record<string, Golden>

function kept(text: string, like: Kept): Kept {
  if (typeof like === 'string') return text
  const bytes = Buffer.from(text, 'utf8')
  return { sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.length }
}

let server: Listening
let base: string

beforeAll(async () => {
  server = await listenOnLoopback(answerServer())
  base = server.url
})
afterAll(() => server.close())

describe('gql and soap answers against the goldens captured on main', () => {
  it('has a golden for every case', () => {
    expect(Object.keys(golden).sort()).toEqual(answerCases.map((each) => each.name).sort())
  })

  for (const each of answerCases) {
    it(each.name, async () => {
      const expected = golden[each.name]!
      const result = await runCli([...each.args, '-e', `${base}${each.path}`], {
        env: isolatedEnv(each.env),
        killAfterMs: 60_000,
      })
      expect(result.code, result.stderr.slice(0, 2000)).toBe(expected.code)
      expect(kept(steadyStderr(result.stderr), expected.stderr)).toEqual(expected.stderr)
      expect(kept(result.stdout, expected.stdout)).toEqual(expected.stdout)
    }, 90_000)
  }
})
