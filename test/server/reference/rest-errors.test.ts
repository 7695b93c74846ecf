// Every error status of the REST API: matching status, problem+json body, no 2xx with an error.
import { request } from 'node:http'
import { describe, expect, it } from 'vitest'
import { basicAuth, createItem, expectProblem, jsonHeaders, useServer } from './server-helpers.js'

const context = useServer()

function post(
  path: string,
  body: BodyInit,
  headers: Record<string, string> = jsonHeaders,
): Promise<Response> {
  return fetch(`${context.url}${path}`, { method: 'POST', headers, body })
}

/** A streamed (chunked) body of `size` bytes: no Content-Length. */
function chunkedBody(size: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(64 * 1024).fill(0x20)
  let sent = 0
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) {
        controller.close()
        return
      }
      controller.enqueue(chunk)
      sent += chunk.length
    },
  })
}

describe('400 Bad Request', () => {
  it('for malformed JSON, an empty body, and bytes that are not UTF-8', async () => {
    expect((await expectProblem(await post('/v1/items', '{"name": "x", '), 400)).detail).toMatch(
      /not valid JSON/,
    )
    expect((await expectProblem(await post('/v1/items', ''), 400)).detail).toMatch(/empty/)
    await expectProblem(await post('/v1/items', new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])), 400)
  })

  it('for bad page and limit values', async () => {
    for (const query of [
      'page=0',
      'page=-1',
      'page=abc',
      'limit=0',
      'limit=101',
      'limit=1.5',
      'page=1e3',
      'limit=',
    ]) {
      const problem = await expectProblem(await fetch(`${context.url}/v1/items?${query}`), 400)
      expect(problem.detail, query).toMatch(/must be a whole number/)
    }
  })

  it('for a path segment that is not valid percent-encoding', async () => {
    await expectProblem(await fetch(`${context.url}/v1/items/%E0%A4%A`), 400)
  })
})

describe('401 Unauthorized', () => {
  it('for writes without credentials or with wrong ones, with WWW-Authenticate', async () => {
    const attempts: Array<Record<string, string>> = [
      { 'content-type': 'application/json' },
      {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from('demo:wrong').toString('base64')}`,
      },
      { 'content-type': 'application/json', authorization: 'Bearer not.a.token' },
      { 'content-type': 'application/json', authorization: 'Digest username="demo"' },
    ]
    for (const headers of attempts) {
      const response = await post('/v1/items', JSON.stringify({ name: 'x', price: 1 }), headers)
      expect(response.headers.get('www-authenticate')).toBe('Basic realm="apictl", Bearer')
      await expectProblem(response, 401)
    }
    const id = (await createItem(context.url)).id
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const response = await fetch(`${context.url}/v1/items/${id}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: method === 'DELETE' ? undefined : '{}',
      })
      await expectProblem(response, 401)
    }
    expect((await fetch(`${context.url}/v1/items/${id}`)).status).toBe(200)
  })

  it('leaves reads open, even with bad credentials', async () => {
    const response = await fetch(`${context.url}/v1/items/1`, {
      headers: { authorization: 'Bearer garbage' },
    })
    expect(response.status).toBe(200)
  })
})

describe('404 Not Found', () => {
  it('for unknown paths and ids', async () => {
    for (const path of [
      '/nope',
      '/v1',
      '/v1/',
      '/v3/items',
      '/v1/things',
      '/v1/items/1/reviews/999',
      '/v1/items//reviews',
      '/v1/items/1/x',
    ]) {
      await expectProblem(await fetch(`${context.url}${path}`), 404)
    }
  })

  it('for a path that only contains a mount name', async () => {
    const response = await fetch(`${context.url}/nothing-here/graphql`)
    await expectProblem(response, 404)
  })
})

describe('405 Method Not Allowed', () => {
  it('answers with Allow', async () => {
    const cases: Array<[string, string, string]> = [
      ['DELETE', '/v1/items', 'GET, HEAD, POST, OPTIONS'],
      ['PUT', '/v1/items', 'GET, HEAD, POST, OPTIONS'],
      ['POST', '/v1/items/1', 'GET, HEAD, PUT, PATCH, DELETE, OPTIONS'],
      ['DELETE', '/v2/items/1/reviews', 'GET, HEAD, POST, OPTIONS'],
      ['GET', '/oauth/token', 'POST, OPTIONS'],
      ['DELETE', '/', 'GET, HEAD, OPTIONS'],
    ]
    for (const [method, path, allow] of cases) {
      const response = await fetch(`${context.url}${path}`, { method, headers: { authorization: basicAuth } })
      expect(response.headers.get('allow'), `${method} ${path}`).toBe(allow)
      await expectProblem(response, 405)
    }
  })
})

describe('406 Not Acceptable', () => {
  it('for an Accept the resource cannot answer, before any write happens', async () => {
    for (const accept of ['text/html', 'image/png', 'application/json;q=0', 'text/plain, text/csv']) {
      await expectProblem(await fetch(`${context.url}/v1/items/1`, { headers: { accept } }), 406)
    }
    const before = context.server.store.count()
    const write = await fetch(`${context.url}/v1/items`, {
      method: 'POST',
      headers: { ...jsonHeaders, accept: 'text/html' },
      body: JSON.stringify({ name: 'x', price: 1 }),
    })
    await expectProblem(write, 406)
    expect(context.server.store.count()).toBe(before)
  })

  it('takes JSON for */*, application/*, and missing Accept; XML when preferred', async () => {
    for (const accept of ['*/*', 'application/*', 'application/json', 'text/html, */*;q=0.1']) {
      const response = await fetch(`${context.url}/v1/items/1`, { headers: { accept } })
      expect(response.headers.get('content-type'), accept).toBe('application/json; charset=utf-8')
    }
    const xml = await fetch(`${context.url}/v1/items/1`, {
      headers: { accept: 'application/json;q=0.5, application/xml' },
    })
    expect(xml.headers.get('content-type')).toBe('application/xml; charset=utf-8')
  })
})

describe('413 Content Too Large', () => {
  const big = 'x'.repeat(1024 * 1024 + 10)

  it('for a body over 1 MiB with Content-Length', async () => {
    const response = await post('/v1/items', JSON.stringify({ name: big, price: 1 }))
    await expectProblem(response, 413)
  })

  it('for a chunked body over 1 MiB with no Content-Length, enforced while streaming', async () => {
    const response = await fetch(`${context.url}/v1/items`, {
      method: 'POST',
      headers: jsonHeaders,
      body: chunkedBody(3 * 1024 * 1024),
      duplex: 'half',
    } as RequestInit)
    await expectProblem(response, 413)
    // The connection stays usable and the server keeps answering.
    expect((await fetch(`${context.url}/v1/items/1`)).status).toBe(200)
  })

  it('refuses before reading when the client waits for 100-continue', async () => {
    const port = Number(new URL(context.url).port)
    const status = await new Promise<number>((resolve, reject) => {
      const outgoing = request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/v1/items',
        headers: { ...jsonHeaders, 'content-length': String(5 * 1024 * 1024), expect: '100-continue' },
      })
      outgoing.on('continue', () => reject(new Error('the server asked for the body')))
      outgoing.on('response', (response) => {
        response.resume()
        resolve(response.statusCode ?? 0)
        outgoing.destroy()
      })
      outgoing.on('error', reject)
      outgoing.flushHeaders()
    })
    expect(status).toBe(413)
  })

  it('accepts a body just under the limit (and judges its content)', async () => {
    const name = 'y'.repeat(1024 * 1024 - 100)
    await expectProblem(await post('/v1/items', JSON.stringify({ name, price: 1 })), 422)
  })
})

describe('415 Unsupported Media Type', () => {
  it('for writes that are not JSON', async () => {
    const body = JSON.stringify({ name: 'x', price: 1 })
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      'application/json; charset=latin1',
    ]) {
      await expectProblem(
        await post('/v1/items', body, { authorization: basicAuth, 'content-type': type }),
        415,
      )
    }
    await expectProblem(
      await post('/v1/items', body, {
        authorization: basicAuth,
        'content-type': 'application/merge-patch+json',
      }),
      415,
    )
    const patch = await fetch(`${context.url}/v1/items/1`, {
      method: 'PATCH',
      headers: { authorization: basicAuth, 'content-type': 'text/plain' },
      body: '{}',
    })
    expect(patch.headers.get('accept-patch')).toBe('application/json, application/merge-patch+json')
    await expectProblem(patch, 415)
  })
})

describe('422 Unprocessable Content', () => {
  const invalid: Array<[string, unknown, string]> = [
    ['missing name', { price: 1 }, 'name'],
    ['empty name', { name: '  ', price: 1 }, 'name'],
    ['negative price', { name: 'x', price: -1 }, 'price'],
    ['price as text', { name: 'x', price: '1' }, 'price'],
    ['fractional quantity', { name: 'x', price: 1, quantity: 1.5 }, 'quantity'],
    ['negative quantity', { name: 'x', price: 1, quantity: -2 }, 'quantity'],
    ['tags not an array', { name: 'x', price: 1, tags: 'a' }, 'tags'],
    ['tag not a string', { name: 'x', price: 1, tags: ['a', 3] }, 'tags[1]'],
    ['description a number', { name: 'x', price: 1, description: 4 }, 'description'],
    ['unknown field', { name: 'x', price: 1, colour: 'red' }, 'colour'],
    ['server field id', { name: 'x', price: 1, id: '77' }, 'id'],
    ['server field createdAt', { name: 'x', price: 1, createdAt: '2020-01-01T00:00:00Z' }, 'createdAt'],
    ['an array body', [{ name: 'x', price: 1 }], '(body)'],
    ['a number body', 42, '(body)'],
  ]

  for (const [label, body, field] of invalid) {
    it(`for ${label}`, async () => {
      const before = context.server.store.count()
      const problem = await expectProblem(await post('/v1/items', JSON.stringify(body)), 422)
      expect(problem.errors?.map((error) => error.field)).toContain(field)
      expect(context.server.store.count()).toBe(before)
    })
  }

  it('for __proto__, constructor and prototype keys, which never reach a prototype', async () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const text = `{"name":"x","price":1,"${key}":{"polluted":true}}`
      const problem = await expectProblem(await post('/v1/items', text), 422)
      expect(problem.errors?.map((error) => error.field)).toEqual([key])
      const patch = await fetch(`${context.url}/v1/items/1`, {
        method: 'PATCH',
        headers: jsonHeaders,
        body: text.replace('"name":"x","price":1,', ''),
      })
      await expectProblem(patch, 422)
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('polluted')
  })
})
