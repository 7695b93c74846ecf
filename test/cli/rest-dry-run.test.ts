import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../support/run-cli.js'
import { json, startTestServer, type TestServer } from '../support/test-server.js'

const exec = promisify(execFile)
let server: TestServer

beforeAll(async () => {
  server = await startTestServer((_request, response) => json(response, 201, { created: true }))
})
afterAll(() => server.close())

const args = () => [
  'rest',
  'post',
  `${server.url}/v1/items?x=1`,
  'name=Pen',
  "note=it's",
  'price:=2.5',
  'X-Trace:t1',
  '--user',
  'demo:demo',
]

describe('--dry-run and --curl send nothing', () => {
  it('--dry-run prints the exact request and the server sees nothing', async () => {
    const result = await runCli([...args(), '--dry-run'])
    expect(result.code).toBe(0)
    expect(server.received.length).toBe(0)
    expect(result.stdout).toMatch(/^POST \/v1\/items\?x=1 HTTP\/1\.1/)
    expect(result.stdout).toMatch(/Authorization: Basic ZGVtbzpkZW1v/)
    expect(result.stdout).toMatch(/X-Trace: t1/)
    expect(result.stdout).toContain(`{"name":"Pen","note":"it's","price":2.5}`)
  })

  it('--curl prints a command that, run by a shell, makes the same request', async () => {
    const result = await runCli([...args(), '--curl'])
    expect(result.code).toBe(0)
    expect(server.received.length).toBe(0)
    expect(result.stdout).toMatch(/^curl /)
    const { stdout } = await exec('sh', ['-c', result.stdout])
    expect(JSON.parse(stdout)).toEqual({ created: true })
    expect(server.received.length).toBe(1)
    const viaCurl = server.received[0]!
    const viaApictl = await runCli(args())
    expect(viaApictl.code).toBe(0)
    const direct = server.received[1]!
    expect(viaCurl.method).toBe(direct.method)
    expect(viaCurl.url).toBe(direct.url)
    expect(viaCurl.body).toBe(direct.body)
    for (const name of ['authorization', 'x-trace', 'content-type', 'accept', 'user-agent']) {
      expect(viaCurl.headers[name], name).toBe(direct.headers[name])
    }
  })
})
