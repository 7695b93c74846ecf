import { spawn } from 'node:child_process'
import { createServer, type Server, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCliInProcess } from '../support/run-cli-in-process.js'
import { json, startTestServer, type TestServer } from '../support/test-server.js'

let flaky: TestServer

beforeAll(async () => {
  flaky = await startTestServer((_request, response) => json(response, 503, { title: 'try later' }))
})
afterAll(() => flaky.close())

describe('--retry', () => {
  it('retries a GET on 503: --retry 2 means three requests, then exit 5', async () => {
    const before = flaky.received.length
    const result = await runCliInProcess(['rest', 'get', `${flaky.url}/v1/items`, '--retry', '2'])
    expect(result.code).toBe(5)
    expect(flaky.received.length - before).toBe(3)
  })

  it('never retries a POST (nor a PATCH)', async () => {
    for (const method of ['post', 'patch']) {
      const before = flaky.received.length
      const result = await runCliInProcess([
        'rest',
        method,
        `${flaky.url}/v1/items`,
        'name=x',
        '--retry',
        '2',
      ])
      expect(result.code).toBe(5)
      expect(flaky.received.length - before).toBe(1)
    }
  })
})

describe('misbehaving servers', () => {
  let hang: Server
  let reset: Server
  let hangUrl: string
  let resetUrl: string
  const sockets = new Set<Socket>()

  beforeAll(async () => {
    hang = createServer((socket) => {
      sockets.add(socket)
      socket.on('error', () => {})
    })
    reset = createServer((socket) => {
      socket.on('error', () => {})
      socket.once('data', () => socket.resetAndDestroy())
    })
    hangUrl = await listen(hang)
    resetUrl = await listen(reset)
  })
  afterAll(() => {
    for (const socket of sockets) socket.destroy()
    hang.close()
    reset.close()
  })

  it('--timeout 1 against a server that never answers ends within a couple of seconds, exit 3', async () => {
    const result = await runCliInProcess(['rest', 'get', `${hangUrl}/v1/items`, '--timeout', '1'])
    expect(result.code).toBe(3)
    expect(result.stderr).toMatch(/within 1 s/)
    expect(result.stderr).toMatch(/--timeout/)
    expect(result.ms).toBeLessThan(2_500)
  })

  it('--curl --timeout 1 gives curl --max-time 1: curl gives up on the silent server within a couple of seconds', async () => {
    const curl = await runCliInProcess(['rest', 'get', `${hangUrl}/v1/items`, '--timeout', '1', '--curl'])
    expect(curl.stdout).toContain(' --max-time 1')
    const started = performance.now()
    const status = await new Promise((resolve) => spawn('sh', ['-c', curl.stdout]).on('close', resolve))
    expect(status).toBe(28) // curl: operation timed out
    expect(performance.now() - started).toBeLessThan(2_500)
  })

  it('--timeout bounds retries too', async () => {
    const result = await runCliInProcess([
      'rest',
      'get',
      `${hangUrl}/v1/items`,
      '--timeout',
      '1',
      '--retry',
      '5',
    ])
    expect(result.code).toBe(3)
    expect(result.ms).toBeLessThan(2_500)
  })

  it('a connection reset is exit 3', async () => {
    const result = await runCliInProcess(['rest', 'get', `${resetUrl}/v1/items`])
    expect(result.code).toBe(3)
    expect(result.stderr).toMatch(/reset/)
  })
})

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`
}
