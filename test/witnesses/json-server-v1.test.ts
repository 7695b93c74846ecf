// json-server v1 (the devDependency alias json-server-v1), unmodified, as a REST witness: its
// paged envelope {first, prev, next, last, pages, items, data} under _page/_per_page, and its
// plain list, which ignores `page`. The issue saw `--all` turn its 46 items into 4,600.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCliInProcess } from '../support/run-cli-in-process.js'
import { type StockProcess, sayWhySkipped, startStockProcess } from '../support/stock-process.js'
import { tempDir } from '../support/temp-dir.js'

function jsonServerBin(): string | undefined {
  try {
    const manifest = createRequire(import.meta.url).resolve('json-server-v1/package.json')
    const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> }
    const path = join(dirname(manifest), bin['json-server']!)
    return existsSync(path) ? path : undefined
  } catch {
    return undefined
  }
}

const bin = jsonServerBin()
const missing = bin === undefined ? 'json-server-v1 is not installed (npm ci installs it)' : undefined
sayWhySkipped('json-server v1', missing)

const POSTS = 46

describe.skipIf(missing !== undefined)('json-server v1 as a witness', () => {
  let server: StockProcess
  beforeAll(async () => {
    const folder = tempDir('apictl-json-server-')
    const posts = Array.from({ length: POSTS }, (_, index) => ({
      id: String(index + 1),
      title: `post ${index + 1}`,
      views: index * 3,
    }))
    writeFileSync(join(folder, 'db.json'), JSON.stringify({ posts }))
    mkdirSync(join(folder, 'public')) // json-server v1 in production mode reads ./public at start
    server = await startStockProcess({
      command: process.execPath,
      args: (port) => [bin!, '--port', String(port), '--host', '127.0.0.1', 'db.json'],
      cwd: folder,
      // production: no file watcher, nothing written back
      env: { NODE_ENV: 'production', NO_COLOR: '1', FORCE_COLOR: '0' },
      ready: /JSON Server started on PORT/,
    })
  })
  afterAll(() => server?.stop())

  const ids = (stdout: string) => (JSON.parse(stdout) as Array<{ id: string }>).map((post) => post.id)
  const expected = Array.from({ length: POSTS }, (_, index) => String(index + 1))

  it('--all over its paged envelope (_page, _per_page) returns its 46 items exactly, in order', async () => {
    const result = await runCliInProcess(['rest', 'get', `${server.url}/posts?_page=1&_per_page=10`, '--all'])
    expect(result.code, result.stderr).toBe(0)
    expect(ids(result.stdout)).toEqual(expected)
    expect(result.stderr).toBe('')
  })

  it('--all over its plain list (no _page; it ignores page=): 46 items, one page, and a warning', async () => {
    const result = await runCliInProcess(['rest', 'get', `${server.url}/posts`, '--all'])
    expect(result.code, result.stderr).toBe(0)
    expect(ids(result.stdout)).toEqual(expected)
    expect(result.stderr).toBe(
      'warning: page 2 repeats page 1 (the server seems to ignore page=): --all stopped there, showing page 1 only.\n',
    )
  })

  it('-o table shows the rows of its envelope, and names the envelope fields on stderr', async () => {
    const result = await runCliInProcess([
      'rest',
      'get',
      `${server.url}/posts?_page=2&_per_page=5`,
      '-o',
      'table',
    ])
    expect(result.code, result.stderr).toBe(0)
    const rows = result.stdout.split('\n').filter((line) => /^│ \d+\s+│ post \d+/.test(line))
    expect(rows.map((row) => row.split('│')[1]!.trim())).toEqual(['6', '7', '8', '9', '10'])
    expect(result.stderr).toBe(
      'note: -o table shows the list under "data"; -o json shows first, prev, next, last, pages, items too.\n',
    )
  })

  it("no path lint on a full URL to it (another API than the profile's)", async () => {
    const result = await runCliInProcess(['rest', 'get', `${server.url}/posts/1`])
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toMatchObject({ id: '1', title: 'post 1' })
    expect(result.stderr).toBe('')
  })
})
