// Guessing credentials: failed logins and token requests are budgeted per client address (429 with
// Retry-After, credentials not even checked), other addresses are unaffected, memory stays bounded;
// fields copied from a request into a token are bounded (SPEC §7).
import { randomBytes } from 'node:crypto'
import { Agent } from 'node:http'
import { decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'
import { clientKey, FailureThrottle } from '../../../src/server/kit/auth/failure-throttle.js'
import { digestSecurity } from '../../protocols/soap/server/soap-test-support.js'
import { rawRequest } from './hostile-helpers.js'
import { basicAuth, useServer } from './server-helpers.js'

const form = { 'content-type': 'application/x-www-form-urlencoded' }
const json = { 'content-type': 'application/json' }
const basic = (pair: string) => `Basic ${Buffer.from(pair).toString('base64')}`

describe('FailureThrottle', () => {
  it('allows a burst of failures, then one more per refill period, with Retry-After in seconds', () => {
    let now = 0
    const throttle = new FailureThrottle({ burst: 3, refillMs: 2000, now: () => now })
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(throttle.retryAfter('a')).toBeUndefined()
      throttle.fail('a')
    }
    expect(throttle.retryAfter('a')).toBe(2)
    expect(throttle.retryAfter('b')).toBeUndefined()
    now = 1500
    expect(throttle.retryAfter('a')).toBe(1)
    now = 2000
    expect(throttle.retryAfter('a')).toBeUndefined()
    throttle.fail('a')
    expect(throttle.retryAfter('a')).toBe(2)
    now = 10_000 // refilled: a full budget again
    expect(throttle.retryAfter('a')).toBeUndefined()
  })

  it('keeps at most maxClients addresses and forgets refilled ones', () => {
    let now = 0
    const throttle = new FailureThrottle({ burst: 2, refillMs: 1000, maxClients: 100, now: () => now })
    for (let client = 0; client < 5000; client++) throttle.fail(`10.0.${client >> 8}.${client & 255}`)
    expect(throttle.size).toBe(100)
    now = 5000
    throttle.fail('10.9.9.9')
    expect(throttle.size).toBe(1)
  })

  it('counts an IPv6 client by its /64 and an IPv4-mapped one by its IPv4 address', () => {
    expect(clientKey('::ffff:127.0.0.2')).toBe('127.0.0.2')
    expect(clientKey('127.0.0.2')).toBe('127.0.0.2')
    expect(clientKey('2001:db8:0:1:aaaa::1')).toBe('2001:db8:0:1::/64')
    expect(clientKey('2001:db8::1:2')).toBe('2001:db8:0:0::/64')
    expect(clientKey('::1')).toBe('0:0:0:0::/64')
    expect(clientKey(undefined)).toBe('unknown')
  })
})

describe('guessing against the server (default budget: 10, then one every 3 s)', () => {
  const context = useServer()

  it('answers Basic guesses 401 ten times, then 429 with Retry-After even for the right password', async () => {
    const statuses: number[] = []
    for (let guess = 0; guess < 12; guess++) {
      const answer = await rawRequest(`${context.url}/v1/items`, {
        method: 'POST',
        headers: { ...json, authorization: basic(`demo:guess${guess}`) },
        body: '{"name":"x","price":1}',
      })
      statuses.push(answer.status)
      if (answer.status === 429) {
        expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1)
        expect(JSON.parse(answer.body).detail).toMatch(
          /too many failed logins from this address: try again in \d+ s/,
        )
      }
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
    expect(statuses.slice(10)).toEqual([429, 429])
    // No oracle: the right credentials get the same 429 from this address.
    const right = await rawRequest(`${context.url}/v1/items`, {
      method: 'POST',
      headers: { ...json, authorization: basicAuth },
      body: '{"name":"x","price":1}',
    })
    expect(right.status).toBe(429)
    // Reads need no credentials and stay open.
    expect((await rawRequest(`${context.url}/v1/items/1`)).status).toBe(200)
    // Another client address is not affected, in any style.
    const other = await rawRequest(`${context.url}/v1/items`, {
      method: 'POST',
      localAddress: '127.0.0.2',
      headers: { ...json, authorization: basicAuth },
      body: '{"name":"x","price":1}',
    })
    expect(other.status).toBe(201)
    // The budget is the same for the token endpoint, GraphQL and SOAP.
    const token = await rawRequest(`${context.url}/oauth/token`, {
      method: 'POST',
      headers: form,
      body: 'grant_type=client_credentials&client_id=demo&client_secret=demo-secret',
    })
    expect(token.status).toBe(429)
    expect(JSON.parse(token.body)).toMatchObject({ error: 'slow_down' })
    expect(token.headers['retry-after']).toMatch(/^\d+$/)
    const graphql = await rawRequest(`${context.url}/graphql`, {
      method: 'POST',
      headers: { ...json, authorization: basicAuth },
      body: JSON.stringify({ query: '{ itemCount }' }),
    })
    expect(graphql.status).toBe(429)
    expect(JSON.parse(graphql.body).errors[0]).toMatchObject({ extensions: { code: 'TOO_MANY_REQUESTS' } })
    const anonymous = await rawRequest(`${context.url}/graphql`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ query: '{ itemCount }' }),
    })
    expect(anonymous.status).toBe(200)
    const soap = await rawRequest(`${context.url}/soap`, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '""' },
      body: soapCreate(textToken('demo')),
    })
    expect(soap.status).toBe(500)
    expect(soap.body).toMatch(/TOO_MANY_FAILED_LOGINS/)
    expect(soap.headers['retry-after']).toMatch(/^\d+$/)
  })

  it('brings a flood of token guesses down to the budget, answering quickly meanwhile', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 8, localAddress: '127.0.0.4' })
    const statuses = new Map<number, number>()
    const started = performance.now()
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (performance.now() - started < 1500) {
          const answer = await rawRequest(`${context.url}/oauth/token`, {
            method: 'POST',
            agent,
            headers: form,
            body: `grant_type=client_credentials&client_id=demo&client_secret=${randomBytes(6).toString('hex')}`,
          })
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
        }
      }),
    )
    agent.destroy()
    // At most the burst and what refilled in 1.5 s were checked; the rest were refused unchecked.
    expect(statuses.get(401) ?? 0).toBeLessThanOrEqual(11)
    expect(statuses.get(429) ?? 0).toBeGreaterThan(50)
    expect([...statuses.keys()].every((status) => status === 401 || status === 429)).toBe(true)
  })

  it('counts invalid bearer tokens and wrong WS-Security passwords too', async () => {
    const address = '127.0.0.5'
    for (let guess = 0; guess < 5; guess++) {
      const answer = await rawRequest(`${context.url}/v1/items`, {
        method: 'POST',
        localAddress: address,
        headers: { ...json, authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.forged' },
        body: '{"name":"x","price":1}',
      })
      expect(answer.status).toBe(401)
    }
    for (let guess = 0; guess < 5; guess++) {
      const answer = await rawRequest(`${context.url}/soap`, {
        method: 'POST',
        localAddress: address,
        headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '""' },
        body: soapCreate(digestSecurity(`guess${guess}`)),
      })
      expect(answer.body).toMatch(/wrong user name or password/)
    }
    const next = await rawRequest(`${context.url}/soap`, {
      method: 'POST',
      localAddress: address,
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '""' },
      body: soapCreate(digestSecurity('demo')),
    })
    expect(next.body).toMatch(/TOO_MANY_FAILED_LOGINS/)
  })
})

describe('fields copied from a request are bounded', () => {
  const context = useServer()

  function token(body: string) {
    return rawRequest(`${context.url}/oauth/token`, { method: 'POST', headers: form, body })
  }
  const client = 'grant_type=client_credentials&client_id=demo&client_secret=demo-secret'

  it('refuses a 400 KB scope (invalid_scope), and copies a normal one into the token', async () => {
    const huge = await token(`${client}&scope=${'a'.repeat(400 * 1024)}`)
    expect(huge.status).toBe(400)
    expect(huge.body.length).toBeLessThan(300)
    expect(JSON.parse(huge.body)).toEqual({
      error: 'invalid_scope',
      error_description: 'scope is longer than 1000 characters (409600)',
    })
    const malformed = await token(`${client}&scope=${encodeURIComponent('read  "write"')}`)
    expect(JSON.parse(malformed.body).error).toBe('invalid_scope')
    const fine = await token(`${client}&scope=items:read+items:write`)
    expect(fine.status).toBe(200)
    const issued = JSON.parse(fine.body) as { access_token: string; scope: string }
    expect(issued.scope).toBe('items:read items:write')
    expect(decodeJwt(issued.access_token).scope).toBe('items:read items:write')
  })

  it('refuses an overlong client_id or client_secret before comparing it', async () => {
    const longId = await token(
      `grant_type=client_credentials&client_id=${'i'.repeat(500_000)}&client_secret=x`,
    )
    expect(longId.status).toBe(400)
    expect(JSON.parse(longId.body)).toMatchObject({ error: 'invalid_request' })
    expect(longId.body).toMatch(/client_id is longer than 256 characters/)
    const longSecret = await token(
      `grant_type=client_credentials&client_id=demo&client_secret=${'s'.repeat(300)}`,
    )
    expect(JSON.parse(longSecret.body).error_description).toMatch(/client_secret is longer than 256/)
  })

  it('keeps refusing item and review fields over their limits (422), storing nothing', async () => {
    const before = context.server.store.count()
    const review = await rawRequest(`${context.url}/v1/items/1/reviews`, {
      method: 'POST',
      headers: { ...json, authorization: basicAuth },
      body: JSON.stringify({ rating: 5, comment: 'c'.repeat(900 * 1024), author: 'a' }),
    })
    expect(review.status).toBe(422)
    expect(review.body.length).toBeLessThan(500)
    const item = await rawRequest(`${context.url}/v1/items`, {
      method: 'POST',
      headers: { ...json, authorization: basicAuth },
      body: JSON.stringify({ name: 'n'.repeat(300_000), price: 1, tags: Array(1000).fill('t') }),
    })
    expect(item.status).toBe(422)
    expect(item.body.length).toBeLessThan(800)
    expect(context.server.store.count()).toBe(before)
  })
})

function textToken(password: string): string {
  return (
    `<wsse:Security soap:mustUnderstand="1"><wsse:UsernameToken><wsse:Username>demo</wsse:Username>` +
    `<wsse:Password>${password}</wsse:Password></wsse:UsernameToken></wsse:Security>`
  )
}

function soapCreate(header: string): string {
  return (
    `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:tns="urn:apictl:items" ` +
    `xmlns:wsse="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd">` +
    `<soap:Header>${header}</soap:Header><soap:Body><tns:CreateItem><tns:name>w</tns:name><tns:price>1</tns:price>` +
    `</tns:CreateItem></soap:Body></soap:Envelope>`
  )
}
