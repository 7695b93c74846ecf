import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { runNode } from '../support/run-cli.js'
import { tempDir } from '../support/temp-dir.js'

const DIST = pathToFileURL(join(import.meta.dirname, '..', '..', 'dist', 'index.js')).href

interface ScriptRun {
  code: number | null
  stdout: string
  stderr: string
  /** ms from the script's last line of its own to the process's exit. */
  lingered: number
}

/**
 * Runs a user's script (an .mjs importing the built library, dist/index.js,
 * as `import { createClient } from 'apictl'` resolves) in its own process.
 * It prints `end <time>` when its own code is done; the process prints
 * `exit <time>` as it exits, so the time it lingered is measured in the
 * process, whatever the machine's load did to its start-up.
 */
async function runScript(body: string): Promise<ScriptRun> {
  const dir = tempDir('apictl-lib-script-')
  const file = join(dir, 'script.mjs')
  writeFileSync(
    file,
    `import { createClient } from '${DIST}'
process.on('exit', () => process.stdout.write('exit ' + Date.now() + '\\n'))
${body}
console.log('end ' + Date.now())
`,
  )
  const run = await runNode([file])
  const time = (name: string) =>
    Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(run.stdout)?.[1] ?? Number.NaN)
  return { code: run.code, stdout: run.stdout, stderr: run.stderr, lingered: time('exit') - time('end') }
}

describe('a script using the built library ends on its own (the embedded server does not hold it)', () => {
  it('one call with createClient({ profile: "local" }) and no close(): the process exits at once', async () => {
    const run = await runScript(`
const api = createClient({ profile: 'local' })
const res = await api.rest.get('/v1/items/1')
console.log('status ' + res.status)
const soap = await api.soap.call('GetItem', { id: '1' })
console.log('soap ' + soap.data?.result.item.name)
const gql = await api.query('{ itemCount }')
console.log('gql ' + gql.data?.itemCount)`)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('status 200\nsoap Mechanical Keyboard\ngql 40\n')
    // An idle keep-alive connection would hold it for the server's 5 s keepAliveTimeout; the listener for ever.
    expect(run.lingered).toBeLessThan(2000)
  })

  it('a request still in flight when the script body ends completes before the exit', async () => {
    const run = await runScript(`
const api = createClient({ profile: 'local', user: 'demo:demo' })
void api.rest.post('/v1/items', { body: { name: 'Late', price: 1 } }).then((res) => {
  console.log('created ' + res.status + ' ' + res.data?.name)
})`)
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^end \d+\ncreated 201 Late\nexit \d+\n$/)
  })

  it('close() still stops the embedded server, and the script ends', async () => {
    const run = await runScript(`
const api = createClient({ profile: 'local' })
const before = await api.rest.get('/v1/items/1')
await api.close()
console.log('closed ' + before.status)
const after = await api.rest.get('/v1/items/1')
console.log('after close: exit code ' + after.error?.exitCode)`)
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('closed 200\nafter close: exit code 3\n')
    expect(run.lingered).toBeLessThan(2000)
  })
})
