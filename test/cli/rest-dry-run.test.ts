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
    // The full URL on the request line (as a .http file writes it): the scheme shows.
    expect(result.stdout.startsWith(`POST ${server.url}/v1/items?x=1 HTTP/1.1\n`)).toBe(true)
    // Credentials masked unless --show-secrets (a dry run gets pasted into tickets).
    expect(result.stdout).toMatch(/Authorization: Basic ••••/)
    expect(result.stdout).not.toContain('ZGVtbzpkZW1v')
    expect(result.stdout).toMatch(/X-Trace: t1/)
    expect(result.stdout).toContain(`{"name":"Pen","note":"it's","price":2.5}`)
    const clear = await runCli([...args(), '--dry-run', '--show-secrets'])
    expect(clear.stdout).toMatch(/Authorization: Basic ZGVtbzpkZW1v/)
  })

  it('--dry-run masks every credential: Proxy-Authorization, Cookie, API-key headers, a URL password and api_key=', async () => {
    const result = await runCli([
      'rest',
      'get',
      `http://user:hunter2@127.0.0.1:9/v1/items?api_key=k3y&page=2`,
      'Proxy-Authorization:Basic cHJveHk6c2VjcmV0',
      'Cookie:sid=s3ss10n',
      'X-API-Key:abc123',
      '--token',
      'tok-en',
      '--dry-run',
    ])
    expect(result.code).toBe(0)
    for (const secret of ['hunter2', 'k3y', 'cHJveHk6c2VjcmV0', 's3ss10n', 'abc123', 'tok-en']) {
      expect(result.stdout).not.toContain(secret)
    }
    expect(result.stdout).toContain('page=2')
    expect(result.stdout).toMatch(/Proxy-Authorization: Basic ••••/)
    expect(result.stdout).toMatch(/Cookie: sid=••••/)
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

describe('--dry-run and --curl with the built-in local profile', () => {
  it("print `apictl serve`'s address, with one note on stderr saying so", async () => {
    const dry = await runCli(['rest', 'get', '/v1/items', '--dry-run'])
    expect(dry.code).toBe(0)
    expect(dry.stdout.startsWith('GET http://127.0.0.1:4000/v1/items HTTP/1.1\nHost: 127.0.0.1:4000\n')).toBe(
      true,
    )
    expect(dry.stderr.match(/^note: .*/gm)).toEqual([
      'note: profile local: shown with http://127.0.0.1:4000, the address `apictl serve` listens on; a real run starts the built-in server on a free port instead.',
    ])
    const curl = await runCli(['rest', 'get', '/v1/items', '--curl'])
    expect(curl.stdout).toMatch(/^curl .* http:\/\/127\.0\.0\.1:4000\/v1\/items /)
    expect(curl.stderr).toMatch(/^note: profile local: shown with http:\/\/127\.0\.0\.1:4000/)
  })

  it('no note when the URL is given in full', async () => {
    const dry = await runCli(['rest', 'get', `${server.url}/v1/items`, '--dry-run'])
    expect(dry.stderr).toBe('')
  })
})

describe('--curl says what the options say', () => {
  const curlFor = async (...extra: string[]) => {
    const result = await runCli(['rest', ...extra, '--curl'])
    expect(result.code).toBe(0)
    return result.stdout.trim()
  }

  it('--timeout → --max-time (the default 30 s too); --retry on GET → --retry and --retry-max-time', async () => {
    expect(await curlFor('get', `${server.url}/v1/items`)).toMatch(/ --max-time 30$/)
    expect(await curlFor('get', `${server.url}/v1/items`, '--timeout', '2.5', '--retry', '3')).toMatch(
      / --max-time 2\.5 --retry 3 --retry-max-time 2\.5$/,
    )
  })

  it('no --retry for POST, which apictl never retries', async () => {
    expect(await curlFor('post', `${server.url}/v1/items`, 'name=Pen', '--retry', '3')).not.toContain(
      '--retry',
    )
  })

  it('--dry-run --curl prints both: the request, a blank line, the command', async () => {
    const before = server.received.length
    const result = await runCli(['rest', 'get', `${server.url}/v1/items`, '--dry-run', '--curl'])
    expect(result.code).toBe(0)
    expect(server.received.length).toBe(before)
    const [request, command] = result.stdout.split('\n\n')
    expect(request).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/v1\/items HTTP\/1\.1\n/)
    expect(command).toMatch(/^curl /)
  })
})
