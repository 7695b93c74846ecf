// The local profile's store lasts across commands, is shared by concurrent apictl processes, and resets to the seed (SPEC §2).
import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { CLI, isolatedEnv, runCli, runNode } from '../support/run-cli.js'
import { tempDir } from '../support/temp-dir.js'

const DIST = pathToFileURL(join(import.meta.dirname, '..', '..', 'dist', 'index.js')).href

function storeLine(env: Record<string, string | undefined>): RegExp {
  const file = join(env.APICTL_DATA_DIR!, 'local.db').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
  return new RegExp(
    `^apictl: profile local: started the built-in reference server at http://127\\.0\\.0\\.1:\\d+ \\(store: ${file}\\)$`,
    'm',
  )
}

describe('the local profile keeps its store in the data dir', () => {
  it('an item created by one command is read by the next; stderr names the store once', async () => {
    const env = isolatedEnv()
    const created = await runCli(
      ['rest', 'post', '/v1/items', 'name=Lasting', 'price:=3', '--user', 'demo:demo', '-o', 'json'],
      { env },
    )
    expect(created.code).toBe(0)
    expect(created.stderr).toMatch(storeLine(env))
    expect(created.stderr.match(/started the built-in reference server/g)).toHaveLength(1)
    const id = (JSON.parse(created.stdout) as { id: string }).id
    expect(id).toBe('41')
    const read = await runCli(['rest', 'get', `/v1/items/${id}`, '-o', 'json'], { env })
    expect(read.code).toBe(0)
    expect(JSON.parse(read.stdout)).toMatchObject({ id, name: 'Lasting', price: 3 })
    const soap = await runCli(['soap', 'call', 'GetItem', `id=${id}`, '-o', 'json'], { env })
    expect(soap.stdout).toContain('Lasting')
  })

  it('apictl profile reset local puts it back to the seed; other profiles have no store to reset', async () => {
    const env = isolatedEnv()
    await runCli(['rest', 'delete', '/v1/items/1', '--user', 'demo:demo'], { env })
    expect((await runCli(['rest', 'get', '/v1/items/1'], { env })).code).toBe(4)
    const reset = await runCli(['profile', 'reset', 'local'], { env })
    expect(reset.code).toBe(0)
    expect(reset.stderr).toBe(
      `Reset the local profile's store to the seed: ${join(env.APICTL_DATA_DIR!, 'local.db')}\n`,
    )
    const listed = await runCli(['rest', 'get', '/v1/items', '-o', 'json', '-v'], { env })
    expect(listed.stderr).toMatch(/x-total-count: 40/i)
    expect((await runCli(['rest', 'get', '/v1/items/1'], { env })).code).toBe(0)

    await runCli(['profile', 'add', 'staging', '--rest', 'http://127.0.0.1:9'], { env })
    const other = await runCli(['profile', 'reset', 'staging'], { env })
    expect(other.code).toBe(2)
    expect(other.stderr).toMatch(
      /Profile "staging" has no store to reset: only the built-in "local" profile keeps one\./,
    )
    const unknown = await runCli(['profile', 'reset', 'nowhere'], { env })
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toMatch(/Unknown profile "nowhere"/)
    const help = await runCli(['profile', '--help'], { env })
    expect(help.stdout).toMatch(/reset <name>\s+put the built-in local profile's store back to the seed/)
  })

  it("works through libsql's public API as well (the fallback for another libsql's binary)", async () => {
    const env = isolatedEnv({ APICTL_SQLITE_PUBLIC_API: '1' })
    const created = await runCli(
      ['rest', 'post', '/v1/items', 'name=Fallback', 'price:=1', '--user', 'demo:demo'],
      {
        env,
      },
    )
    expect(created.code).toBe(0)
    const read = await runCli(['rest', 'get', '/v1/items/41', '-o', 'json'], { env })
    expect(JSON.parse(read.stdout)).toMatchObject({ name: 'Fallback' })
  })

  it('lives under $XDG_DATA_HOME/apictl without APICTL_DATA_DIR', async () => {
    const env = isolatedEnv({ APICTL_DATA_DIR: undefined })
    env.XDG_DATA_HOME = join(env.HOME!, 'xdg-data')
    const run = await runCli(['rest', 'get', '/v1/items/1'], { env })
    expect(run.code).toBe(0)
    expect(run.stderr).toContain(`(store: ${join(env.HOME!, 'xdg-data', 'apictl', 'local.db')})`)
  })
})

/** A script over the built library, on the local profile, in its own process. */
function writerScript(label: string, creates: number): string {
  const dir = tempDir('apictl-local-writer-')
  const file = join(dir, 'writer.mjs')
  writeFileSync(
    file,
    `import { createClient } from '${DIST}'
const api = createClient({ profile: 'local', user: 'demo:demo' })
const made = []
let next = 0
async function lane() {
  while (next < ${creates}) {
    const n = next++
    const res = await api.rest.post('/v1/items', { body: { name: '${label} ' + n, price: n, tags: ['${label}'] } })
    if (res.status !== 201) throw new Error('create ' + n + ': ' + res.status + ' ' + JSON.stringify(res.data))
    made.push(res.data.id)
    if (n % 5 === 0) {
      const patched = await api.rest.patch('/v1/items/' + res.data.id, { body: { quantity: n } })
      if (patched.status !== 200) throw new Error('patch: ' + patched.status)
    }
  }
}
await Promise.all([lane(), lane(), lane(), lane()])
console.log(JSON.stringify(made))
`,
  )
  return file
}

describe('two apictl processes on the local profile', () => {
  it('writing at once: every write of both is there afterwards', async () => {
    const env = isolatedEnv()
    const creates = 60
    const [first, second, cliA, cliB] = await Promise.all([
      runNode([writerScript('first', creates)], { env, killAfterMs: 60_000 }),
      runNode([writerScript('second', creates)], { env, killAfterMs: 60_000 }),
      runCli(['rest', 'post', '/v1/items', 'name=cli-a', 'price:=1', '--user', 'demo:demo', '-o', 'json'], {
        env,
      }),
      runCli(['rest', 'post', '/v1/items', 'name=cli-b', 'price:=1', '--user', 'demo:demo', '-o', 'json'], {
        env,
      }),
    ])
    for (const run of [first, second, cliA, cliB])
      expect(run.stderr.replace(/^apictl: profile local.*\n/m, '')).toBe('')
    const ids = [
      ...(JSON.parse(first.stdout) as string[]),
      ...(JSON.parse(second.stdout) as string[]),
      (JSON.parse(cliA.stdout) as { id: string }).id,
      (JSON.parse(cliB.stdout) as { id: string }).id,
    ]
    expect(ids).toHaveLength(2 * creates + 2)
    expect(new Set(ids).size).toBe(ids.length)

    const reader = await runNode(
      [
        '--input-type=module',
        '-e',
        `import { createClient } from '${DIST}'
const api = createClient({ profile: 'local' })
const all = []
for (let page = 1; ; page++) {
  const res = await api.rest.get('/v1/items', { query: { page, limit: 100 } })
  all.push(...res.data)
  if (res.data.length < 100) break
}
console.log(JSON.stringify(all))`,
      ],
      { env },
    )
    const items = JSON.parse(reader.stdout) as Array<{ id: string; name: string; quantity: number }>
    expect(items).toHaveLength(40 + ids.length)
    const byId = new Map(items.map((item) => [item.id, item]))
    for (const id of ids) expect(byId.has(id), `item ${id}`).toBe(true)
    for (const label of ['first', 'second']) {
      const mine = items.filter((item) => item.name.startsWith(`${label} `))
      expect(mine).toHaveLength(creates)
      for (const item of mine) {
        const n = Number(item.name.split(' ')[1])
        expect(item.quantity).toBe(n % 5 === 0 ? n : 0)
      }
    }
  }, 90_000)

  it('gql subscribe on local says at once whose writes it sees, and sees another process write', async () => {
    const env = isolatedEnv()
    await runCli(['rest', 'get', '/v1/items/1'], { env }) // the store exists before the subscriber opens it
    const subscriber = spawn(
      process.execPath,
      [
        CLI,
        'gql',
        'subscribe',
        'subscription { itemChanged { type item { name } } }',
        '--count',
        '1',
        '-o',
        'json',
      ],
      { env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let stdout = ''
    let stderr = ''
    subscriber.stdout.on('data', (chunk) => {
      stdout += chunk
    })
    const subscribed = new Promise<void>((resolve) =>
      subscriber.stderr.on('data', (chunk) => {
        stderr += chunk
        if (stderr.includes('subscribed to the local store')) resolve()
      }),
    )
    const exited = new Promise<number | null>((resolve) => subscriber.once('exit', resolve))
    const guard = setTimeout(() => subscriber.kill('SIGKILL'), 30_000)
    try {
      await subscribed
      expect(stderr).toMatch(
        /^apictl: profile local: subscribed to the local store; writes by other apictl commands using it show up here \(Ctrl-C stops\)$/m,
      )
      const write = await runCli(
        ['rest', 'post', '/v1/items', 'name=From another process', 'price:=1', '--user', 'demo:demo'],
        { env },
      )
      expect(write.code).toBe(0)
      expect(await exited).toBe(0)
      expect(JSON.parse(stdout)).toEqual({
        data: { itemChanged: { type: 'CREATED', item: { name: 'From another process' } } },
      })
    } finally {
      clearTimeout(guard)
      subscriber.kill()
    }
  })
})
