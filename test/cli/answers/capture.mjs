// Captures what the CLI prints for every case of answer-cases.mjs into
// fixtures/answers/golden.json. Run once on the build that defines the
// expected output (it was run on main at 702b926, before long GraphQL and
// SOAP answers streamed, so the goldens hold the output as it was):
//   npm run build && node test/cli/answers/capture.mjs [path/to/bin/apictl.cjs]
// answer-goldens.test.ts then checks the CLI against it.
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isolatedCli } from '../../support/spawn-cli-isolated.mjs'
import { answerCases, answerServer, steadyStderr } from './answer-cases.mjs'

const root = join(import.meta.dirname, '..', '..', '..')
const cli = process.argv[2] ?? join(root, 'bin', 'apictl.cjs')
const home = mkdtempSync(join(tmpdir(), 'apictl-answers-'))

const server = answerServer()
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
const base = `http://127.0.0.1:${server.address().port}`

const run = isolatedCli(cli, home)

/** Output as text, or (a long answer's, past 16 KiB) its digest and length. */
function kept(bytes, long) {
  if (!long || bytes.length <= 16_384) return bytes.toString('utf8')
  return { sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.length }
}

const golden = {}
for (const each of answerCases) {
  const result = await run([...each.args, '-e', `${base}${each.path}`], each.env ?? {})
  golden[each.name] = {
    code: result.code,
    stdout: kept(result.stdout, each.long),
    stderr: kept(Buffer.from(steadyStderr(result.stderr.toString('utf8'))), each.long),
  }
  process.stderr.write('.')
}
server.close()
rmSync(home, { recursive: true, force: true })
mkdirSync(join(root, 'fixtures', 'answers'), { recursive: true })
writeFileSync(join(root, 'fixtures', 'answers', 'golden.json'), `${JSON.stringify(golden, null, 1)}\n`)
process.stderr.write(`\n${Object.keys(golden).length} outputs\n`)
