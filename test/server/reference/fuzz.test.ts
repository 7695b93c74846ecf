// A couple of thousand random and mutated requests (seeded, so a failure reproduces: APICTL_FUZZ_SEED=n)
// never get a 5xx, never crash the server, and never get a 2xx for garbage.
import { connect } from 'node:net'
import { describe, expect, it } from 'vitest'
import { validateItemFields } from '../../../src/server/kit/item-validation.js'
import { basicAuth, inBatches, seededRandom, useServer } from './server-helpers.js'

const seed = Number(process.env.APICTL_FUZZ_SEED ?? 20240521)
const context = useServer()

type Random = () => number
const pick = <T>(random: Random, values: readonly T[]): T => values[Math.floor(random() * values.length)]!

const validBodies = [
  { name: 'Fuzzed', price: 3 },
  { name: 'Fuzzed', price: 0, description: 'd', quantity: 2, tags: ['a', 'b'] },
  { name: 'Fuzzed', price: 1.25, description: null, tags: [] },
]
const strangeValues: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1e308,
  -0,
  1.5,
  '',
  ' ',
  'x'.repeat(300),
  '\u0000',
  '\ud800',
  [],
  [1],
  {},
  { a: 1 },
  '__proto__',
  Number.MAX_SAFE_INTEGER + 2,
]
const strangeKeys = [
  'name',
  'price',
  'quantity',
  'tags',
  'description',
  'id',
  '__proto__',
  'constructor',
  'prototype',
  '',
  'x'.repeat(120),
]

/** A JSON text: a valid item, a mutated one, random values in known keys, or raw garbage. */
function body(random: Random): { text: string | Uint8Array; garbage: boolean } {
  const kind = Math.floor(random() * 7)
  if (kind === 0) return { text: JSON.stringify(pick(random, validBodies)), garbage: false }
  if (kind === 1) {
    const record: Record<string, unknown> = { ...pick(random, validBodies) }
    const count = 1 + Math.floor(random() * 3)
    for (let index = 0; index < count; index += 1)
      record[pick(random, strangeKeys)] = pick(random, strangeValues)
    return { text: JSON.stringify(record).replace('"___proto__"', '"__proto__"'), garbage: false }
  }
  if (kind === 2) {
    const text = JSON.stringify(pick(random, validBodies))
    const cut = Math.floor(random() * (text.length - 1))
    return { text: text.slice(0, cut), garbage: true }
  }
  if (kind === 3) {
    const bytes = new Uint8Array(1 + Math.floor(random() * 200))
    for (let index = 0; index < bytes.length; index += 1) bytes[index] = Math.floor(random() * 256)
    bytes[0] = pick(random, [0x00, 0x5b, 0x7b, 0x22, 0xff])
    return { text: bytes, garbage: true }
  }
  if (kind === 4) {
    const text = JSON.stringify(pick(random, validBodies))
    const position = Math.floor(random() * text.length)
    const replacement = pick(random, ['{', '}', '"', ',', ':', '\\', '\u0000', 'ÿ'])
    const mutated = text.slice(0, position) + replacement + text.slice(position + 1)
    let parses = true
    try {
      JSON.parse(mutated)
    } catch {
      parses = false
    }
    return { text: mutated, garbage: !parses }
  }
  if (kind === 5) {
    const depth = 10 + Math.floor(random() * 20_000)
    return { text: `${'{"name":'.repeat(depth)}1${'}'.repeat(depth)}`, garbage: true }
  }
  const value = pick(random, strangeValues)
  // `{}` is a fine (empty) merge patch; every other stray value is garbage for every write.
  return {
    text: JSON.stringify(value),
    garbage: typeof value !== 'object' || value === null || Array.isArray(value),
  }
}

function path(random: Random): string {
  const version = pick(random, ['v1', 'v2', 'v1', 'v3', ''])
  const id = pick(random, [
    '1',
    '2',
    '40',
    '9999',
    '%31',
    '%E0%A4%A',
    '..',
    '%2F',
    'x'.repeat(500),
    '__proto__',
    'constructor',
    '',
  ])
  const shape = pick(random, [
    `/${version}/items`,
    `/${version}/items/${id}`,
    `/${version}/items/${id}/reviews`,
    `/${version}/items/${id}/reviews/${id}`,
    '/oauth/token',
    '/',
    `/${id}`,
  ])
  const query = pick(random, [
    '',
    '?page=2',
    '?limit=100',
    '?limit=1000',
    '?page=-1&limit=abc',
    '?tag=%E0',
    '?page=1&page=2',
    `?tag=${'t'.repeat(300)}`,
  ])
  return shape + query
}

function headers(random: Random, garbageBody: boolean): Record<string, string> {
  const result: Record<string, string> = {}
  const contentType = pick(random, [
    'application/json',
    'application/merge-patch+json',
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/json; charset=latin1',
    '',
  ])
  if (contentType) result['content-type'] = contentType
  const accept = pick(random, [
    '',
    '*/*',
    'application/xml',
    'text/html',
    'application/json;q=0',
    'application/*;q=0.5, text/xml',
    ';;;,,,',
  ])
  if (accept) result.accept = accept
  const authorization = pick(random, [
    basicAuth,
    basicAuth,
    '',
    'Basic !!!',
    'Bearer a.b.c',
    'Bearer ',
    `Basic ${Buffer.from('demo').toString('base64')}`,
  ])
  if (authorization) result.authorization = authorization
  if (garbageBody && random() < 0.1) result['x-garbage'] = 'yes'
  return result
}

function isValidItemBody(text: string | Uint8Array, version: string): boolean {
  if (typeof text !== 'string') return false
  try {
    const value = JSON.parse(text)
    if (version === 'v2') return false
    validateItemFields(value)
    return true
  } catch {
    return false
  }
}

describe('fuzz', () => {
  it(`answers 2000 random requests without a 5xx or a 2xx for garbage (seed ${seed})`, async () => {
    const random = seededRandom(seed)
    const cases = Array.from({ length: 2000 }, (_, index) => {
      // Most requests are well addressed and authorised, so the bodies reach validation; the rest are random.
      const sane = random() < 0.6
      const method = sane
        ? pick(random, ['POST', 'PUT', 'PATCH', 'PATCH'])
        : pick(random, ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND'])
      const target = sane
        ? method === 'POST'
          ? pick(random, ['/v1/items', '/v2/items', '/v1/items/2/reviews'])
          : `/${pick(random, ['v1', 'v2'])}/items/${1 + Math.floor(random() * 40)}`
        : path(random)
      const generated = body(random)
      const sent = sane
        ? {
            'content-type': pick(random, ['application/json', 'application/merge-patch+json']),
            authorization: basicAuth,
          }
        : headers(random, generated.garbage)
      return { index, method, target, ...generated, headers: sent }
    })
    const failures: string[] = []
    let successes = 0
    let refusals = 0
    await inBatches(cases.length, 32, async (index) => {
      const entry = cases[index]!
      const hasBody = !['GET', 'HEAD'].includes(entry.method)
      const response = await fetch(`${context.url}${entry.target}`, {
        method: entry.method,
        headers: entry.headers,
        body: hasBody ? (entry.text as BodyInit) : undefined,
      })
      const text = await response.text()
      if (response.ok) successes += 1
      else if (response.status < 500) refusals += 1
      const label = `#${entry.index} ${entry.method} ${entry.target.slice(0, 60)} -> ${response.status}`
      if (response.status >= 500) failures.push(`${label}: ${text.slice(0, 200)}`)
      const writes = ['POST', 'PUT', 'PATCH'].includes(entry.method) && !entry.target.startsWith('/oauth')
      if (writes && response.ok && entry.garbage)
        failures.push(`${label}: 2xx for garbage ${String(entry.text).slice(0, 80)}`)
      if (entry.method === 'POST' && response.status === 201 && entry.target.match(/^\/v1\/items(\?|$)/)) {
        if (!isValidItemBody(entry.text, 'v1'))
          failures.push(`${label}: created from an invalid body ${String(entry.text).slice(0, 80)}`)
      }
      if (response.status >= 400 && entry.method !== 'HEAD' && !entry.target.startsWith('/oauth')) {
        const type = response.headers.get('content-type') ?? ''
        if (!type.startsWith('application/problem+json'))
          failures.push(`${label}: error without problem+json (${type})`)
      }
    })
    expect(failures).toEqual([])
    // Both sides were exercised: plenty of accepted writes and plenty of refusals.
    expect(successes).toBeGreaterThan(150)
    expect(refusals).toBeGreaterThan(800)

    // The server is still up, nothing reached a prototype, and everything stored is a valid item.
    expect((await fetch(`${context.url}/v1/items?limit=1`)).status).toBe(200)
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('polluted')
    expect(({} as Record<string, unknown>).name).toBeUndefined()
    const { store } = context.server
    for (const item of store.list({ page: 1, limit: store.count() }).items) {
      const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = item
      expect(() => validateItemFields({ ...fields, tags: [...fields.tags] })).not.toThrow()
      expect(Object.keys(item)).toEqual([
        'id',
        'name',
        'description',
        'price',
        'quantity',
        'tags',
        'createdAt',
        'updatedAt',
      ])
    }
  })

  it('answers raw garbage on the socket with a 4xx or a closed connection, and keeps serving', async () => {
    const random = seededRandom(seed + 1)
    const port = Number(new URL(context.url).port)
    const statuses = await inBatches(200, 20, async () => {
      const length = 1 + Math.floor(random() * 300)
      const bytes = Buffer.alloc(length)
      for (let index = 0; index < length; index += 1) bytes[index] = Math.floor(random() * 256)
      const prefix = pick(random, [
        '',
        'GET ',
        'POST /v1/items HTTP/1.1\r\n',
        'GET /v1/items HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
      ])
      return new Promise<number>((resolve) => {
        const socket = connect(port, '127.0.0.1')
        let answer = ''
        socket.setTimeout(2000, () => socket.destroy())
        socket.on('data', (chunk) => {
          answer += chunk.toString('latin1')
        })
        socket.on('error', () => undefined)
        socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)))
        socket.end(Buffer.concat([Buffer.from(prefix), bytes, Buffer.from('\r\n\r\n')]))
      })
    })
    expect(statuses.filter((status) => status >= 500)).toEqual([])
    expect((await fetch(`${context.url}/v1/items?limit=1`)).status).toBe(200)
  })
})
