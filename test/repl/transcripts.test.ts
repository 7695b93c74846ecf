import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isolatedEnv } from '../support/run-cli.js'
import { normalise, runReplScript } from './support/run-repl-script.js'

const ROOT = join(import.meta.dirname, '..', '..')
const CASES = join(ROOT, 'fixtures', 'repl')
const UPDATE = process.env.UPDATE_GOLDEN === '1'

/**
 * Golden transcripts (evans' e2e fixtures): each folder of fixtures/repl
 * holds the lines of one or more sessions (session-1.txt, session-2.txt, …,
 * run one after the other with the same config dir, which starts with the
 * folder's config.json when it has one) and transcript.golden,
 * what they print, stdout and stderr interleaved, with the port, times and
 * config dir normalised. A missing golden file fails its case: a test run
 * never writes one. `UPDATE_GOLDEN=1 npx vitest run test/repl/transcripts.test.ts`
 * writes them on purpose, for review with `git diff fixtures/repl`.
 */
describe('REPL transcripts (scripted stdin against the embedded server)', () => {
  for (const name of readdirSync(CASES).sort()) {
    it(name, async () => {
      const folder = join(CASES, name)
      const env = isolatedEnv({ NO_COLOR: '1' })
      if (existsSync(join(folder, 'config.json'))) {
        mkdirSync(env.APICTL_CONFIG_DIR!, { recursive: true })
        copyFileSync(join(folder, 'config.json'), join(env.APICTL_CONFIG_DIR!, 'config.json'))
      }
      const sessions = readdirSync(folder)
        .filter((file) => /^session-\d+\.txt$/.test(file))
        .sort()
      expect(sessions, `${relative(ROOT, folder)} has no session-1.txt`).not.toEqual([])
      const parts: string[] = []
      for (const session of sessions) {
        const run = await runReplScript(readFileSync(join(folder, session), 'utf8'), env)
        parts.push(
          `### ${session} (exit ${run.code})\n${normalise(run.output, env.APICTL_CONFIG_DIR, env.APICTL_DATA_DIR)}`,
        )
      }
      const transcript = parts.join('\n')
      const golden = join(folder, 'transcript.golden')
      if (UPDATE) writeFileSync(golden, transcript)
      expect(
        existsSync(golden),
        `${relative(ROOT, golden)} is missing; write it with UPDATE_GOLDEN=1 and review it`,
      ).toBe(true)
      expect(transcript).toBe(readFileSync(golden, 'utf8'))
    })
  }
})
