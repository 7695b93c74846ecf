// Auth for writes: HTTP Basic, bearer JWTs (HS256 pinned, signature and exp checked), OAuth 2.0 client credentials.
import type { IncomingMessage } from 'node:http'
import { decodeJwt, SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { ApictlError } from '../../../src/core/errors.js'
import { startServer } from '../../../src/server/reference/start-server.js'
import { basicAuth, expectProblem, testSecret, useServer } from './server-helpers.js'

// Many refusals in a row on purpose: the failed-login budget is tested in hostile-auth.test.ts.
const context = useServer({ loginThrottle: { burst: 1000 } })
const key = new TextEncoder().encode(testSecret)
const form = { 'content-type': 'application/x-www-form-urlencoded' }

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url')
}

function createWith(authorization: string, url = context.url): Promise<Response> {
  return fetch(`${url}/v1/items`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify({ name: 'Authorised', price: 1 }),
  })
}

function requestToken(body: string, headers: Record<string, string> = form): Promise<Response> {
  return fetch(`${context.url}/oauth/token`, { method: 'POST', headers, body })
}

async function tokenFromServer(): Promise<string> {
  const response = await requestToken(
    'grant_type=client_credentials&client_id=demo&client_secret=demo-secret',
  )
  return ((await response.json()) as { access_token: string }).access_token
}

describe('HTTP Basic', () => {
  it('lets demo:demo write and refuses other passwords', async () => {
    expect((await createWith(basicAuth)).status).toBe(201)
    expect((await createWith(`basic ${Buffer.from('demo:demo').toString('base64')}`)).status).toBe(201)
    for (const pair of ['demo:dem', 'Demo:demo', 'demo', ':', 'demo:demo:demo']) {
      await expectProblem(await createWith(`Basic ${Buffer.from(pair).toString('base64')}`), 401)
    }
  })
})

describe('bearer JWT', () => {
  it('accepts an HS256 token signed with the server secret, with exp', async () => {
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('alice')
      .setExpirationTime('5m')
      .sign(key)
    expect((await createWith(`Bearer ${token}`)).status).toBe(201)
    const user = await context.server.auth.authenticate({
      headers: { authorization: `Bearer ${token}` },
    } as IncomingMessage)
    expect(user).toEqual({ user: 'alice', method: 'bearer' })
  })

  it('refuses alg none', async () => {
    const now = Math.floor(Date.now() / 1000)
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub: 'demo', exp: now + 600 })}.`
    await expectProblem(await createWith(`Bearer ${unsigned}`), 401)
    const noneWithSignature = `${unsigned}${Buffer.from('x').toString('base64url')}`
    await expectProblem(await createWith(`Bearer ${noneWithSignature}`), 401)
  })

  it('refuses a tampered token', async () => {
    const [header, payload, signature] = (await tokenFromServer()).split('.')
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>
    const tampered = `${header}.${base64url({ ...claims, sub: 'admin' })}.${signature}`
    await expectProblem(await createWith(`Bearer ${tampered}`), 401)
    const flipped = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`
    await expectProblem(await createWith(`Bearer ${flipped}`), 401)
  })

  it('refuses an expired token, saying so', async () => {
    const past = Math.floor(Date.now() / 1000) - 60
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(past - 60)
      .setExpirationTime(past)
      .sign(key)
    const problem = await expectProblem(await createWith(`Bearer ${token}`), 401)
    expect(problem.detail).toMatch(/expired/)
  })

  it('refuses other algorithms, a missing exp, and another secret', async () => {
    const hs512 = await new SignJWT({}).setProtectedHeader({ alg: 'HS512' }).setExpirationTime('5m').sign(key)
    const noExp = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).sign(key)
    const otherKey = new TextEncoder().encode('another-secret-another-secret-another-secret')
    const foreign = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('5m')
      .sign(otherKey)
    for (const token of [hs512, noExp, foreign]) await expectProblem(await createWith(`Bearer ${token}`), 401)
  })
})

describe('POST /oauth/token (client credentials)', () => {
  it('issues a bearer JWT for client credentials in the form', async () => {
    const response = await requestToken(
      'grant_type=client_credentials&client_id=demo&client_secret=demo-secret',
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = (await response.json()) as Record<string, unknown>
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 })
    const claims = decodeJwt(body.access_token as string)
    expect(claims.exp! - claims.iat!).toBe(3600)
    expect((await createWith(`Bearer ${body.access_token}`)).status).toBe(201)
  })

  it('issues a token for client credentials in HTTP Basic (form-urlencoded, RFC 6749 §2.3.1)', async () => {
    const response = await requestToken('grant_type=client_credentials&scope=items%3Awrite', {
      ...form,
      authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`,
    })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { access_token: string; scope: string }
    expect(body.scope).toBe('items:write')
    expect((await createWith(`Bearer ${body.access_token}`)).status).toBe(201)
  })

  it('answers RFC 6749 errors', async () => {
    const wrongBasic = await requestToken('grant_type=client_credentials', {
      ...form,
      authorization: `Basic ${Buffer.from('demo:nope').toString('base64')}`,
    })
    expect(wrongBasic.status).toBe(401)
    expect(wrongBasic.headers.get('www-authenticate')).toBe('Basic realm="apictl"')
    expect(await wrongBasic.json()).toMatchObject({ error: 'invalid_client' })

    const cases: Array<[string, Record<string, string>, number, string]> = [
      ['grant_type=client_credentials&client_id=demo&client_secret=wrong', form, 401, 'invalid_client'],
      ['grant_type=client_credentials', form, 401, 'invalid_client'],
      ['grant_type=password&client_id=demo&client_secret=demo-secret', form, 400, 'unsupported_grant_type'],
      ['client_id=demo&client_secret=demo-secret', form, 400, 'invalid_request'],
      [
        'grant_type=client_credentials&grant_type=client_credentials&client_id=demo&client_secret=demo-secret',
        form,
        400,
        'invalid_request',
      ],
      ['{"grant_type":"client_credentials"}', { 'content-type': 'application/json' }, 400, 'invalid_request'],
      [
        'grant_type=client_credentials&client_id=demo&client_secret=demo-secret',
        { ...form, authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}` },
        400,
        'invalid_request',
      ],
    ]
    for (const [body, headers, status, error] of cases) {
      const response = await requestToken(body, headers)
      expect(response.status, body).toBe(status)
      expect(response.headers.get('content-type')).toMatch(/^application\/json/)
      expect(((await response.json()) as { error: string }).error, body).toBe(error)
    }
  })

  it('takes the token lifetime from APICTL_TOKEN_TTL and the key from APICTL_JWT_SECRET', async () => {
    const secret = 'from-the-environment-from-the-environment'
    const server = await startServer({ port: 0, env: { APICTL_TOKEN_TTL: '2', APICTL_JWT_SECRET: secret } })
    try {
      const response = await fetch(`${server.url}/oauth/token`, {
        method: 'POST',
        headers: form,
        body: 'grant_type=client_credentials&client_id=demo&client_secret=demo-secret',
      })
      const body = (await response.json()) as { access_token: string; expires_in: number }
      expect(body.expires_in).toBe(2)
      const claims = decodeJwt(body.access_token)
      expect(claims.exp! - claims.iat!).toBe(2)
      const own = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('1m')
        .sign(new TextEncoder().encode(secret))
      expect((await createWith(`Bearer ${own}`, server.url)).status).toBe(201)
      await expectProblem(await createWith(`Bearer ${await tokenFromServer()}`, server.url), 401)
    } finally {
      await server.close()
    }
  })

  it('refuses to start with an APICTL_TOKEN_TTL that is not a number of seconds', async () => {
    await expect(startServer({ port: 0, env: { APICTL_TOKEN_TTL: 'soon' } })).rejects.toThrow(ApictlError)
  })
})
