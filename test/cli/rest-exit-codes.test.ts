import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCliInProcess } from '../support/run-cli-in-process.js'
import { json, startTestServer, type TestServer } from '../support/test-server.js'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    const status = Number(request.url.split('/')[2] ?? 200)
    if (request.url.startsWith('/bad-json')) {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end('{"half": ')
      return
    }
    json(response, status, { status })
  })
})
afterAll(() => server.close())

describe('apictl rest: exit codes follow SPEC §3', () => {
  it.each([
    [200, 0],
    [201, 0],
    [404, 4],
    [422, 4],
    [500, 5],
    [503, 5],
  ])('HTTP %i → exit %i, the body still printed', async (status, code) => {
    const result = await runCliInProcess(['rest', 'get', `${server.url}/status/${status}`])
    expect(result.code).toBe(code)
    expect(JSON.parse(result.stdout)).toEqual({ status })
    if (status >= 400) expect(result.stderr).toContain(String(status))
  })

  it('a usage error (unknown method) is exit 2 with a hint and no stack', async () => {
    const result = await runCliInProcess(['rest', 'fetch', `${server.url}/x`])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/not an HTTP method/)
    expect(result.stderr).toMatch(/get, post, put/)
    expect(result.stderr).not.toMatch(/\n\s+at /)
  })

  it.each([
    ['gte', 'get'],
    ['pots', 'post'],
    ['patc', 'patch'],
  ])('a mistyped method (%s) gets a did-you-mean (%s), exit 2', async (typed, meant) => {
    const result = await runCliInProcess(['rest', typed, `${server.url}/x`])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(`'${typed}' is not an HTTP method apictl sends. Did you mean "${meant}"?`)
  })

  it('an unknown flag is exit 2 with a did-you-mean', async () => {
    const result = await runCliInProcess(['rest', 'get', `${server.url}/x`, '--timout', '3'])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/--timeout/)
  })

  it('connection refused is exit 3 and says what to try', async () => {
    const port = await freePort()
    const result = await runCliInProcess(['rest', 'get', `http://127.0.0.1:${port}/v1/items`])
    expect(result.code).toBe(3)
    expect(result.stderr).toMatch(/refused/)
    expect(result.stderr).toMatch(/try:/)
  })

  it('a body that claims JSON but does not parse is shown raw with a warning', async () => {
    const result = await runCliInProcess(['rest', 'get', `${server.url}/bad-json`])
    expect(result.code).toBe(0)
    expect(result.stdout.trim()).toBe('{"half":')
    expect(result.stderr).toMatch(/warning: .*not valid JSON/)
  })

  it('… said once with -o json, and not at all with -o raw (the bytes as received are what was asked for)', async () => {
    const json = await runCliInProcess(['rest', 'get', `${server.url}/bad-json`, '-o', 'json', '--no-lint'])
    expect(json.stdout.trim()).toBe('{"half":')
    expect(json.stderr.trim().split('\n')).toEqual([
      'warning: The body claims application/json but is not valid JSON (Unexpected end of JSON input); -o json shows it as received.',
    ])
    const raw = await runCliInProcess(['rest', 'get', `${server.url}/bad-json`, '-o', 'raw', '--no-lint'])
    expect(raw.stdout).toBe('{"half": ')
    expect(raw.stderr).toBe('')
  })

  it('APICTL_DEBUG=1 adds the stack trace', async () => {
    const result = await runCliInProcess(['rest', 'fetch', `${server.url}/x`], {
      env: { PATH: process.env.PATH, APICTL_DEBUG: '1', APICTL_CONFIG_DIR: '/nonexistent-apictl' },
    })
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/\n\s+at /)
  })

  it('the stack trace names source files and lines, not positions in the bundle', async () => {
    const result = await runCliInProcess(['rest', 'get', `http://127.0.0.1:${await freePort()}/v1/items`], {
      env: { PATH: process.env.PATH, APICTL_DEBUG: '1', APICTL_CONFIG_DIR: '/nonexistent-apictl' },
    })
    expect(result.code).toBe(3)
    expect(result.stderr).toMatch(/at toNetworkError \(\S*src\/transport\/network-error\.ts:\d+:\d+\)/)
    expect(result.stderr).not.toMatch(/apictl-rest\.cjs:\d+/)
  })
})

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise((resolve) => probe.close(resolve))
  return port
}

describe('answers that are not HTTP', () => {
  it('a server that answers garbage is exit 6', async () => {
    const garbage = createServer((socket) => {
      socket.on('error', () => {})
      socket.once('data', () => socket.end('HELLO THERE\r\n\r\n'))
    })
    await new Promise<void>((resolve) => garbage.listen(0, '127.0.0.1', resolve))
    const port = (garbage.address() as { port: number }).port
    try {
      const result = await runCliInProcess(['rest', 'get', `http://127.0.0.1:${port}/v1/items`])
      expect(result.code).toBe(6)
      expect(result.stderr).toMatch(/not valid HTTP/)
    } finally {
      garbage.close()
    }
  })
})
