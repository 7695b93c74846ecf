// Captures what the CLI prints for every case of answer-cases.mjs into
// fixtures/answers/golden.json. Run once on the build that defines the
// expected output (it was run on main at 702b926, before long GraphQL and
// SOAP answers streamed, so the goldens hold the output as it was):
//   npm run build && node test/cli/answers/capture.mjs [path/to/bin/apictl.cjs]
// answer-goldens.test.ts then checks the CLI against it.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { answerCases, sendAnswer, steadyStderr } from './answer-cases.mjs'

const root = join(import.meta.dirname, '..', '..', '..')
const cli = process.argv[2] ?? join(root, 'bin', 'apictl.cjs')
const home = mkdtempSync(join(tmpdir(), 'apictl-answers-'))

const server = createServer((request, response) => {
  request.resume()
  request.on('end', () =>
    sendAnswer(new URL(request.url, 'http://x'), response).catch(() => response.destroy()),
  )
})
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
const base = `http://127.0.0.1:${server.address().port}`

function run(args, extraEnv) {
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    APICTL_CONFIG_DIR: join(home, 'config'),
    APICTL_CACHE_DIR: join(home, 'cache'),
    APICTL_DATA_DIR: join(home, 'data'),
    ...extraEnv,
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    const out = []
    const err = []
    child.stdout.on('data', (chunk) => out.push(chunk))
    child.stderr.on('data', (chunk) => err.push(chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out), stderr: Buffer.concat(err) }))
  })
}

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
