// No credential leaves where it was meant for: not in messages, not across origins, not in a world-readable cache.
import { statSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../src/index.js'
import { isolatedEnv, runCli } from '../support/run-cli.js'
import { json, startTestServer, type TestServer } from '../support/test-server.js'

let origin: TestServer
let elsewhere: TestServer
beforeAll(async () => {
  elsewhere = await startTestServer((_request, response) => json(response, 200, { at: 'elsewhere' }))
  origin = await startTestServer((request, response) => {
    const redirect = (location: string) => {
      response.writeHead(302, { location })
      response.end()
    }
    if (request.url === '/away') return redirect(`${elsewhere.url}/landing`)
    if (request.url === '/stay') return redirect('/landing')
    if (request.url === '/paged') {
      response.writeHead(200, {
        'content-type': 'application/json',
        link: `<${elsewhere.url}/page2>; rel="next"`,
      })
      response.end('[1]')
      return
    }
    json(response, 200, { at: 'origin' })
  })
})
afterAll(async () => {
  await Promise.all([origin.close(), elsewhere.close()])
})

const credentials = [
  '-H',
  'Proxy-Authorization: Basic cHJveHk6c2VjcmV0',
  '-H',
  'Cookie: sid=s3ss10n',
  '-H',
  'X-API-Key: abc123',
  '-H',
  'X-Trace: t1',
  '--token',
  'tok-en',
]
const credentialHeaders = ['authorization', 'proxy-authorization', 'cookie', 'x-api-key']

describe('credential headers and redirects', () => {
  it('a redirect to another origin drops Authorization, Proxy-Authorization, Cookie and API keys (given with -H too)', async () => {
    const result = await runCli([
      'rest',
      'get',
      '--no-lint',
      `${origin.url}/away`,
      '--follow',
      ...credentials,
    ])
    expect(result.code, result.stderr).toBe(0)
    const landed = elsewhere.received.at(-1)!
    expect(landed.url).toBe('/landing')
    for (const name of credentialHeaders) expect(landed.headers[name], name).toBeUndefined()
    expect(landed.headers['x-trace']).toBe('t1')
  })

  it('a redirect within the origin keeps them', async () => {
    const result = await runCli([
      'rest',
      'get',
      '--no-lint',
      `${origin.url}/stay`,
      '--follow',
      ...credentials,
    ])
    expect(result.code, result.stderr).toBe(0)
    const landed = origin.received.at(-1)!
    expect(landed.url).toBe('/landing')
    for (const name of credentialHeaders) expect(landed.headers[name], name).toBeDefined()
  })

  it('--all: a next page on another origin is not fetched, so no credential goes there', async () => {
    const before = elsewhere.received.length
    const result = await runCli(['rest', 'get', '--no-lint', `${origin.url}/paged`, '--all', ...credentials])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toMatch(/next page on another origin/)
    expect(elsewhere.received.length).toBe(before)
  })
})

describe('no credential in a message', () => {
  const secretUrl = 'http://user:hunter2@127.0.0.1:9/v1/items?api_key=k3y&access_token=t0k&page=2'
  const secrets = ['hunter2', 'k3y', 't0k']

  it('a network error names the URL without its password or secret parameters, -v included', async () => {
    for (const extra of [[], ['-v']]) {
      const result = await runCli(['rest', 'get', '--no-lint', secretUrl, ...extra])
      expect(result.code).toBe(3)
      expect(result.stderr).toMatch(/Connection refused/)
      expect(result.stderr).toContain('page=2')
      for (const secret of secrets) expect(result.stderr).not.toContain(secret)
    }
  })

  it('the same in the library’s error', async () => {
    const client = createClient({ rest: 'http://127.0.0.1:9' })
    const answer = await client.rest.get('/v1/items?api_key=k3y&token=t0k')
    expect(answer.error?.exitCode).toBe(3)
    const text = JSON.stringify(answer.error)
    expect(text).not.toContain('k3y')
    expect(text).not.toContain('t0k')
  })
})

describe('the cache dir', () => {
  it('is created 0700 (a first run writes its code cache there)', async () => {
    const env = isolatedEnv()
    const result = await runCli(['rest', 'get', '--no-lint', `${origin.url}/stay`, '--follow'], { env })
    expect(result.code, result.stderr).toBe(0)
    expect(statSync(env.APICTL_CACHE_DIR!).mode & 0o777).toBe(0o700)
  })
})
