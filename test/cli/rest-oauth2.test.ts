import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isolatedEnv } from '../support/run-cli.js'
import { runCliInProcess } from '../support/run-cli-in-process.js'
import { json, startTestServer, type TestServer } from '../support/test-server.js'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    switch (request.url) {
      case '/api/oauth/token':
        return json(response, 200, { access_token: 'tok-under-api', expires_in: 60 })
      case '/no-token/oauth/token':
        return json(response, 200, { token_type: 'Bearer', expires_in: 60 })
      case '/broken/oauth/token':
        response.writeHead(503, { 'content-type': 'text/html' })
        response.end('<h1>Service Unavailable</h1>')
        return
      case '/refusing/oauth/token':
        return json(response, 401, { error: 'invalid_client', error_description: 'unknown client' })
      default:
        json(response, 200, { auth: request.headers.authorization ?? null, url: request.url })
    }
  })
})
afterAll(() => server.close())

const client = ['--client-id', 'app', '--client-secret', 'secret']

describe('--oauth2 with a path', () => {
  it('with the built-in local profile, /oauth/token is the embedded server’s: the write is authorised', async () => {
    const result = await runCliInProcess([
      'rest',
      'post',
      '/v1/items',
      'name=Token pen',
      'price:=1',
      '--oauth2',
      '/oauth/token',
      '--client-id',
      'demo',
      '--client-secret',
      'demo-secret',
    ])
    expect(result.stderr).not.toMatch(/error/)
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toMatchObject({ name: 'Token pen' })
  })

  it("resolves against the profile's REST base, its path included", async () => {
    const env = isolatedEnv()
    const added = await runCliInProcess(['profile', 'add', 'api', '--rest', `${server.url}/api`], { env })
    expect(added.code).toBe(0)
    const result = await runCliInProcess(
      ['rest', 'get', '/v1/items', '--profile', 'api', '--oauth2', '/oauth/token', ...client],
      { env },
    )
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual({ auth: 'Bearer tok-under-api', url: '/api/v1/items' })
  })

  it('--dry-run shows where the token would come from', async () => {
    const result = await runCliInProcess([
      'rest',
      'get',
      '/v1/items',
      '--oauth2',
      '/oauth/token',
      ...client,
      '--dry-run',
    ])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('Authorization: Bearer <token from http://127.0.0.1:4000/oauth/token>')
  })
})

describe('what the token endpoint answers', () => {
  const fetchFrom = (prefix: string) =>
    runCliInProcess([
      'rest',
      'get',
      `${server.url}/v1/items`,
      '--oauth2',
      `${server.url}/${prefix}/oauth/token`,
      ...client,
    ])

  it('200 without an access_token: the answer is not understood, exit 6', async () => {
    const result = await fetchFrom('no-token')
    expect(result.code).toBe(6)
    expect(result.stderr).toContain('answered HTTP 200 without an access_token')
    expect(result.stderr).not.toMatch(/refused/)
  })

  it('a 5xx: the server failed, exit 5, without a client-id hint', async () => {
    const result = await fetchFrom('broken')
    expect(result.code).toBe(5)
    expect(result.stderr).toContain('The token endpoint failed (HTTP 503)')
    expect(result.stderr).not.toMatch(/refused|client-id/)
  })

  it('a 401: refused, exit 4, with the error the endpoint gives and a client-id hint', async () => {
    const result = await fetchFrom('refusing')
    expect(result.code).toBe(4)
    expect(result.stderr).toContain('refused the request (invalid_client: unknown client)')
    expect(result.stderr).toContain('--client-id')
  })
})
