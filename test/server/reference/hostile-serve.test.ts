// Attacks on a real `apictl serve` process: costly GraphQL floods, credential guessing, slow requests,
// rebinding and cross-origin WebSockets. Each checks that a bystander on another address is still
// answered, and the process's peak memory (VmHWM) stays bounded.
import { spawnSync } from 'node:child_process'
import { Agent } from 'node:http'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { holdOpen, rawRequest, type ServeProcess, spawnServe, startProbe } from './hostile-helpers.js'
import { basicAuth } from './server-helpers.js'

const peakLimitMb = 300
let serve: ServeProcess
beforeAll(async () => {
  serve = await spawnServe(['--public-host', 'api.example.test'])
})
afterAll(() => serve.stop())

/** Runs `attack` from `concurrency` loops until `ms` or `count` attempts; returns the statuses seen. */
async function flood(
  ms: number,
  count: number,
  concurrency: number,
  attack: (agent: Agent) => Promise<number>,
): Promise<Map<number, number>> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  const statuses = new Map<number, number>()
  const started = performance.now()
  let sent = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (sent < count && performance.now() - started < ms) {
        sent++
        const status = await attack(agent)
        statuses.set(status, (statuses.get(status) ?? 0) + 1)
      }
    }),
  )
  agent.destroy()
  return statuses
}

describe('apictl serve under attack', () => {
  it('refuses 400 aliases of items(limit: 100) before running them, and a bystander is still served', async () => {
    const document = `{ ${Array.from({ length: 400 }, (_, i) => `a${i}: items(limit: 100) { id name description price tags }`).join(' ')} }`
    const body = JSON.stringify({ query: document })
    // GraphQL loads on first use: load it before measuring.
    const warm = await rawRequest(`${serve.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ itemCount }' }),
    })
    expect(warm.status).toBe(200)
    const stop = startProbe(serve.url)
    let largest = 0
    const statuses = await flood(3000, 3000, 4, async (agent) => {
      const answer = await rawRequest(`${serve.url}/graphql`, {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json' },
        body,
      })
      largest = Math.max(largest, answer.body.length)
      if (answer.status === 200 && answer.body.includes('"limit":"aliases"')) return 200
      if (answer.status === 429 && answer.body.includes('"TOO_MANY_REQUESTS"')) return 429
      return -answer.status
    })
    const probe = await stop()
    // Refused for their cost (each costs a parse) up to the address's budget (20, one more a second),
    // then refused unread with 429.
    expect([...statuses.keys()].sort()).toEqual([200, 429])
    expect(statuses.get(200)).toBeLessThanOrEqual(25)
    expect(statuses.get(429)).toBeGreaterThan(50)
    expect(largest).toBeLessThan(2000)
    expect(probe.failed).toBe(0)
    // The bar is p99 < 50 ms (measured for the report); on a shared, loaded machine the test allows more.
    expect(probe.p50).toBeLessThan(100)
    expect(probe.p99).toBeLessThan(1000)
    expect(serve.peakMemoryMb()).toBeLessThan(peakLimitMb)
  })

  it('checks at most the budget of guessed client secrets, and serves a client on another address', async () => {
    const statuses = await flood(1500, 20_000, 8, async (agent) => {
      const answer = await rawRequest(`${serve.url}/oauth/token`, {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `grant_type=client_credentials&client_id=demo&client_secret=guess${Math.random()}`,
      })
      return answer.status
    })
    expect(statuses.get(401) ?? 0).toBeLessThanOrEqual(11)
    expect(statuses.get(429) ?? 0).toBeGreaterThan(50)
    const other = await rawRequest(`${serve.url}/oauth/token`, {
      method: 'POST',
      localAddress: '127.0.0.2',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=demo&client_secret=demo-secret',
    })
    expect(other.status).toBe(200)
    const write = await rawRequest(`${serve.url}/v1/items`, {
      method: 'POST',
      localAddress: '127.0.0.2',
      headers: { 'content-type': 'application/json', authorization: basicAuth },
      body: '{"name":"after the guessing","price":1}',
    })
    expect(write.status).toBe(201)
    expect(serve.peakMemoryMb()).toBeLessThan(peakLimitMb)
  })

  it('drops half-sent heads and bodies within the default limits (10 s), serving others meanwhile', async () => {
    const host = new URL(serve.url).host
    const stop = startProbe(serve.url)
    const heads = Array.from({ length: 200 }, () =>
      holdOpen(serve.url, `GET /v1/items HTTP/1.1\r\nHost: ${host}\r\nX-a: `, 15_000),
    )
    const bodies = Array.from({ length: 50 }, () =>
      holdOpen(
        serve.url,
        `POST /v1/items HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nAuthorization: ${basicAuth}\r\nContent-Length: 100\r\n\r\n{"na`,
        15_000,
        // Not 127.0.0.1, whose logins the guessing test used up.
        '127.0.0.6',
      ),
    )
    const outcomes = await Promise.all([...heads, ...bodies])
    const probe = await stop()
    for (const outcome of outcomes) {
      expect(outcome.statusLine).toMatch(/^HTTP\/1\.1 408 /)
      expect(outcome.closedAfterMs).toBeGreaterThan(9000)
      expect(outcome.closedAfterMs).toBeLessThan(12_500)
    }
    expect(probe.failed).toBe(0)
    expect(probe.answered).toBeGreaterThan(100)
    expect(probe.p50).toBeLessThan(100)
    expect(serve.peakMemoryMb()).toBeLessThan(peakLimitMb)
  }, 30_000)

  it('answers its --public-host name, refuses a rebound one, and refuses cross-origin WebSockets', async () => {
    expect(serve.stderr()).toMatch(/^apictl serve: also answering to api\.example\.test$/m)
    const listed = await rawRequest(`${serve.url}/soap?wsdl`, { headers: { host: 'api.example.test:8080' } })
    expect(listed.body).toContain('<soap:address location="http://api.example.test:8080/soap"/>')
    const rebound = await rawRequest(`${serve.url}/soap?wsdl`, { headers: { host: 'attacker.example:8080' } })
    expect(rebound.status).toBe(421)
    expect(rebound.body).not.toContain('soap:address')
    const status = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(`${serve.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', {
        origin: 'https://attacker.example',
      })
      socket.on('open', () => {
        socket.close()
        resolve(101)
      })
      socket.on('unexpected-response', (_request, response) => {
        response.resume()
        resolve(response.statusCode ?? 0)
      })
      socket.on('error', reject)
    })
    expect(status).toBe(403)
  })
})

describe('apictl serve --public-host', () => {
  it('refuses a value that is not a host name, with exit 2 and what to give instead', () => {
    const bin = fileURLToPath(new URL('../../../bin/apictl.cjs', import.meta.url))
    const run = spawnSync(
      process.execPath,
      [bin, 'serve', '--port', '0', '--public-host', 'https://api.example.test/'],
      {
        encoding: 'utf8',
        timeout: 10_000,
      },
    )
    expect(run.status).toBe(2)
    expect(run.stderr).toMatch(
      /--public-host "https:\/\/api\.example\.test\/" cannot be used: give the host name only/,
    )
    expect(run.stderr).not.toMatch(/\n\s+at /)
  })
})
