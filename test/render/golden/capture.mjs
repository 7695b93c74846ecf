// Captures what the CLI prints for every body in fixtures/bodies/ in each
// output mode, into fixtures/bodies/golden.json. Run once on the build that
// defines the expected output (it was run on main at 9086d92, before the
// streaming printers, so the goldens hold the output as it was):
//   npm run build && node test/render/golden/capture.mjs
// body-goldens.test.ts then checks the renderer against it, whole and streamed.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isolatedCli } from '../../support/spawn-cli-isolated.mjs'
import { goldenModes, pagedCases, servePaged } from './golden-cases.mjs'

const root = join(import.meta.dirname, '..', '..', '..')
const bodies = join(root, 'fixtures', 'bodies')
const cli = join(root, 'bin', 'apictl.cjs')
const home = mkdtempSync(join(tmpdir(), 'apictl-golden-'))

const server = createServer((request, response) => {
  const url = new URL(request.url, 'http://x')
  if (url.pathname.startsWith('/paged/')) return servePaged(url, response)
  const name = url.pathname.slice(1)
  const type = name.endsWith('.xml') ? 'application/xml' : 'application/json'
  response.writeHead(200, { 'content-type': type })
  response.end(readFileSync(join(bodies, name)))
})
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
const base = `http://127.0.0.1:${server.address().port}`

const run = isolatedCli(cli, home)

const text = (buffer) =>
  Buffer.from(buffer.toString('utf8'), 'utf8').equals(buffer)
    ? buffer.toString('utf8')
    : { base64: buffer.toString('base64') }

const golden = {}
const names = readdirSync(bodies).filter((name) => /\.(json|xml)$/.test(name) && name !== 'golden.json')
const targets = [
  ...names.map((name) => [name, `/${name}`, []]),
  ...pagedCases.map((paged) => [paged.name, paged.path, ['--all']]),
]
for (const [name, path, extra] of targets.sort()) {
  for (const mode of goldenModes(name)) {
    const result = await run(['rest', 'get', `${base}${path}`, '--no-lint', ...extra, ...mode.args], mode.env)
    golden[`${name} ${mode.name}`] = {
      code: result.code,
      stdout: text(result.stdout),
      stderr: text(result.stderr),
    }
    process.stderr.write('.')
  }
}
server.close()
rmSync(home, { recursive: true, force: true })
writeFileSync(join(bodies, 'golden.json'), `${JSON.stringify(golden, null, 1)}\n`)
process.stderr.write(`\n${Object.keys(golden).length} outputs\n`)
