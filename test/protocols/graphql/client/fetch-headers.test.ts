import { describe, expect, it } from 'vitest'
import { FetchHeaders } from '../../../../src/protocols/graphql/client/fetch-headers.js'
import { FetchResponse } from '../../../../src/protocols/graphql/client/fetch-response.js'

// The light Headers/Response stand in for the platform's in the bundles (so that undici never
// loads); each case runs the same steps on both and compares what they show.
type AnyHeaders = Pick<Headers, 'append' | 'set' | 'get' | 'has' | 'delete' | 'forEach' | 'getSetCookie'> &
  Iterable<[string, string]>
const steps: Array<[string, (headers: AnyHeaders) => void]> = [
  [
    'append joins repeated names with ", "',
    (h) => {
      h.append('X-Many', 'a')
      h.append('x-many', 'b')
    },
  ],
  [
    'set replaces, whatever the case',
    (h) => {
      h.append('Accept', 'a')
      h.set('ACCEPT', 'application/json')
    },
  ],
  [
    'delete removes',
    (h) => {
      h.set('A', '1')
      h.set('B', '2')
      h.delete('a')
    },
  ],
  ['values are trimmed', (h) => h.set('X-Space', '  padded \t')],
  [
    'Set-Cookie values stay apart',
    (h) => {
      h.append('Set-Cookie', 'a=1')
      h.append('set-cookie', 'b=2')
      h.append('X-Many', 'c')
    },
  ],
]

function snapshot(headers: AnyHeaders) {
  const seen: string[] = []
  headers.forEach((value, name) => {
    seen.push(`${name}=${value}`)
  })
  return {
    entries: [...headers],
    seen,
    has: headers.has('x-many'),
    get: headers.get('X-MANY'),
    cookies: headers.getSetCookie(),
  }
}

describe('FetchHeaders behaves as the platform Headers for what it has', () => {
  for (const [name, step] of steps) {
    it(name, () => {
      const light = new FetchHeaders()
      const platform = new Headers()
      step(light)
      step(platform)
      expect(snapshot(light)).toEqual(snapshot(platform))
    })
  }

  it('is made from a record, from pairs, and from either kind of Headers, in sorted order', () => {
    const record = { 'Content-Type': 'application/json', accept: 'a', 'X-Z': 'z' }
    expect([...new FetchHeaders(record)]).toEqual([...new Headers(record)])
    const pairs: Array<[string, string]> = [
      ['b', '2'],
      ['a', '1'],
      ['b', '3'],
    ]
    expect([...new FetchHeaders(pairs)]).toEqual([...new Headers(pairs)])
    expect([...new FetchHeaders(new Headers(record))]).toEqual([...new Headers(record)])
    expect([...new Headers(new FetchHeaders(record))]).toEqual([...new Headers(record)])
  })

  it('refuses what Headers refuses', () => {
    for (const bad of ['Bad Name', 'x:y', '']) {
      expect(() => new Headers([[bad, 'v']])).toThrow(TypeError)
      expect(() => new FetchHeaders([[bad, 'v']])).toThrow(TypeError)
    }
    expect(() => new Headers({ a: 'x\ny' })).toThrow(TypeError)
    expect(() => new FetchHeaders({ a: 'x\ny' })).toThrow(TypeError)
    expect(new FetchHeaders().get('absent')).toBeNull()
  })
})

describe('FetchResponse', () => {
  it('reads like a fetch Response: status, ok, headers, text once', async () => {
    const body = new TextEncoder().encode('{"data":{"ok":true}}')
    const headers = new FetchHeaders({ 'Content-Type': 'application/json' })
    const light = new FetchResponse(body, { status: 404, statusText: 'Not Found', headers })
    const platform = new Response(body, { status: 404, statusText: 'Not Found', headers: [...headers] })
    for (const response of [light, platform]) {
      expect(response.ok).toBe(false)
      expect(response.status).toBe(404)
      expect(response.headers.get('content-type')).toBe('application/json')
    }
    expect(await light.json()).toEqual(await platform.json())
    expect(light.bodyUsed).toBe(true)
    await expect(light.text()).rejects.toThrow(TypeError)
    expect(await new FetchResponse(null, { status: 204 }).text()).toBe('')
    expect(() => new FetchResponse(null, { status: 99 })).toThrow(RangeError)
  })
})
