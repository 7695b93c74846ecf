// Every row of the SPEC §7 REST table, over real HTTP against startServer on port 0.
import { describe, expect, it } from 'vitest'
import { basicAuth, createItem, expectProblem, jsonHeaders, useServer } from './server-helpers.js'

interface ItemBody {
  id: string
  name: string
  description: string | null
  price: number
  quantity: number
  tags: string[]
  createdAt: string
  updatedAt: string
}

function parseLinks(header: string | null): Record<string, string> {
  const links: Record<string, string> = {}
  for (const part of (header ?? '').split(/,\s*/)) {
    const match = /^<([^>]+)>;\s*rel="([^"]+)"$/.exec(part)
    if (match) links[match[2]!] = match[1]!
  }
  return links
}

describe('GET /v1/items (paging)', () => {
  const context = useServer({ publicHosts: ['api.example'] })

  it('answers the first page of 20 with X-Total-Count and Link', async () => {
    const response = await fetch(`${context.url}/v1/items`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(response.headers.get('x-total-count')).toBe('40')
    const items = (await response.json()) as ItemBody[]
    expect(items).toHaveLength(20)
    expect(items[0]!.id).toBe('1')
    expect(items.map((item) => item.id)).toEqual(Array.from({ length: 20 }, (_, index) => String(index + 1)))
    const links = parseLinks(response.headers.get('link'))
    expect(links).toEqual({
      first: `${context.url}/v1/items?page=1&limit=20`,
      next: `${context.url}/v1/items?page=2&limit=20`,
      last: `${context.url}/v1/items?page=2&limit=20`,
    })
  })

  it('walks the pages in a stable order with first/prev/next/last', async () => {
    const seen: string[] = []
    let next: string | undefined = `${context.url}/v1/items?page=1&limit=7`
    let pages = 0
    while (next !== undefined) {
      const response = await fetch(next)
      expect(response.status).toBe(200)
      const items = (await response.json()) as ItemBody[]
      seen.push(...items.map((item) => item.id))
      const links = parseLinks(response.headers.get('link'))
      pages += 1
      expect(links.first).toBe(`${context.url}/v1/items?page=1&limit=7`)
      expect(links.last).toBe(`${context.url}/v1/items?page=6&limit=7`)
      if (pages > 1) expect(links.prev).toBe(`${context.url}/v1/items?page=${pages - 1}&limit=7`)
      else expect(links.prev).toBeUndefined()
      next = links.next
    }
    expect(pages).toBe(6)
    expect(seen).toEqual(Array.from({ length: 40 }, (_, index) => String(index + 1)))
  })

  it('takes limit up to 100 and answers an empty page past the end', async () => {
    const all = await fetch(`${context.url}/v1/items?limit=100`)
    expect(((await all.json()) as ItemBody[]).length).toBe(40)
    const beyond = await fetch(`${context.url}/v1/items?page=9&limit=10`)
    expect(beyond.status).toBe(200)
    expect(await beyond.json()).toEqual([])
    expect(beyond.headers.get('x-total-count')).toBe('40')
    expect(parseLinks(beyond.headers.get('link')).prev).toBe(`${context.url}/v1/items?page=4&limit=10`)
  })

  it('filters by tag and keeps the tag in the links', async () => {
    const response = await fetch(`${context.url}/v1/items?tag=books&limit=2`)
    const items = (await response.json()) as ItemBody[]
    expect(items.every((item) => item.tags.includes('books'))).toBe(true)
    expect(Number(response.headers.get('x-total-count'))).toBeGreaterThan(2)
    expect(parseLinks(response.headers.get('link')).next).toBe(
      `${context.url}/v1/items?page=2&limit=2&tag=books`,
    )
  })

  it('builds Link from the Host the client used', async () => {
    const { request } = await import('node:http')
    const link = await new Promise<string | undefined>((resolve, reject) => {
      const port = new URL(context.url).port
      request(
        { host: '127.0.0.1', port, path: '/v1/items?limit=30', headers: { host: 'api.example:8080' } },
        (response) => {
          response.resume()
          resolve(response.headers.link as string | undefined)
        },
      )
        .on('error', reject)
        .end()
    })
    expect(parseLinks(link ?? null).next).toBe('http://api.example:8080/v1/items?page=2&limit=30')
  })
})

describe('single items', () => {
  const context = useServer()

  it('GET /v1/items/{id} answers the item, or 404', async () => {
    const found = await fetch(`${context.url}/v1/items/1`)
    expect(found.status).toBe(200)
    const item = (await found.json()) as ItemBody
    expect(item).toMatchObject({ id: '1', name: 'Mechanical Keyboard', price: 89.99, quantity: 24 })
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
    const missing = await expectProblem(await fetch(`${context.url}/v1/items/9999`), 404)
    expect(missing.detail).toContain('9999')
  })

  it('POST creates with 201 + Location, and each identical request creates another', async () => {
    const body = JSON.stringify({ name: 'Pen', price: 2.5, tags: ['stationery'] })
    const first = await fetch(`${context.url}/v1/items`, { method: 'POST', headers: jsonHeaders, body })
    const second = await fetch(`${context.url}/v1/items`, { method: 'POST', headers: jsonHeaders, body })
    expect([first.status, second.status]).toEqual([201, 201])
    const [a, b] = [(await first.json()) as ItemBody, (await second.json()) as ItemBody]
    expect(a.id).not.toBe(b.id)
    expect(a).toMatchObject({ name: 'Pen', price: 2.5, description: null, quantity: 0, tags: ['stationery'] })
    expect(a.createdAt).toBe(a.updatedAt)
    expect(first.headers.get('location')).toBe(`${context.url}/v1/items/${a.id}`)
    const fetched = await fetch(first.headers.get('location')!)
    expect(await fetched.json()).toEqual(a)
  })

  it('PUT replaces the whole resource (defaults for what is left out); 422 without required fields', async () => {
    const created = await createItem(context.url, { description: 'old', quantity: 5, tags: ['a'] })
    const response = await fetch(`${context.url}/v1/items/${created.id}`, {
      method: 'PUT',
      headers: jsonHeaders,
      body: JSON.stringify({ name: 'Replaced', price: 9 }),
    })
    expect(response.status).toBe(200)
    const replaced = (await response.json()) as ItemBody
    expect(replaced).toMatchObject({
      id: created.id,
      name: 'Replaced',
      price: 9,
      description: null,
      quantity: 0,
      tags: [],
    })
    expect(replaced.createdAt).toBe(created.createdAt)
    const missing = await fetch(`${context.url}/v1/items/${created.id}`, {
      method: 'PUT',
      headers: jsonHeaders,
      body: JSON.stringify({ name: 'No price' }),
    })
    const problem = await expectProblem(missing, 422)
    expect(problem.errors).toEqual([{ field: 'price', message: 'is required' }])
    expect(((await (await fetch(`${context.url}/v1/items/${created.id}`)).json()) as ItemBody).name).toBe(
      'Replaced',
    )
  })

  it('PATCH applies an RFC 7396 merge patch (both media types); null clears an optional field', async () => {
    const created = await createItem(context.url, { description: 'Keep me?', quantity: 3, tags: ['x'] })
    const merge = await fetch(`${context.url}/v1/items/${created.id}`, {
      method: 'PATCH',
      headers: { ...jsonHeaders, 'content-type': 'application/merge-patch+json' },
      body: JSON.stringify({ description: null, quantity: 7 }),
    })
    expect(merge.status).toBe(200)
    expect(await merge.json()).toMatchObject({
      name: 'Test item',
      description: null,
      quantity: 7,
      tags: ['x'],
    })
    const plain = await fetch(`${context.url}/v1/items/${created.id}`, {
      method: 'PATCH',
      headers: jsonHeaders,
      body: JSON.stringify({ tags: null, name: 'Renamed' }),
    })
    expect(await plain.json()).toMatchObject({ name: 'Renamed', tags: [], quantity: 7 })
  })

  it('PATCH refuses null for a required field with 422 and leaves the item alone', async () => {
    const created = await createItem(context.url)
    const response = await fetch(`${context.url}/v1/items/${created.id}`, {
      method: 'PATCH',
      headers: jsonHeaders,
      body: JSON.stringify({ name: null }),
    })
    expect((await expectProblem(response, 422)).errors).toEqual([{ field: 'name', message: 'is required' }])
    expect(await (await fetch(`${context.url}/v1/items/${created.id}`)).json()).toEqual(created)
  })

  it('DELETE answers 204, then 404 for the repeats, and the store is unchanged by them', async () => {
    const created = await createItem(context.url)
    const before = Number((await fetch(`${context.url}/v1/items`)).headers.get('x-total-count'))
    const first = await fetch(`${context.url}/v1/items/${created.id}`, {
      method: 'DELETE',
      headers: { authorization: basicAuth },
    })
    expect(first.status).toBe(204)
    expect(await first.text()).toBe('')
    for (let repeat = 0; repeat < 2; repeat += 1) {
      const again = await fetch(`${context.url}/v1/items/${created.id}`, {
        method: 'DELETE',
        headers: { authorization: basicAuth },
      })
      await expectProblem(again, 404)
    }
    await expectProblem(await fetch(`${context.url}/v1/items/${created.id}`), 404)
    const after = Number((await fetch(`${context.url}/v1/items`)).headers.get('x-total-count'))
    expect(after).toBe(before - 1)
  })

  it('HEAD on every GET path gives the GET headers and no body', async () => {
    const paths = [
      '/v1/items?limit=5',
      '/v1/items/1',
      '/v1/items/1/reviews',
      '/v2/items/1',
      '/v1/items/1/reviews/1',
    ]
    for (const path of paths) {
      const [get, head] = await Promise.all([
        fetch(`${context.url}${path}`),
        fetch(`${context.url}${path}`, { method: 'HEAD' }),
      ])
      expect(head.status, path).toBe(200)
      expect(await head.text()).toBe('')
      for (const name of ['content-type', 'content-length', 'x-total-count', 'link', 'vary']) {
        expect(head.headers.get(name), `${path} ${name}`).toBe(get.headers.get(name))
      }
      expect(Number(head.headers.get('content-length'))).toBe((await get.arrayBuffer()).byteLength)
    }
    expect((await fetch(`${context.url}/v1/items/424242`, { method: 'HEAD' })).status).toBe(404)
  })

  it('OPTIONS answers 204 with Allow on every path', async () => {
    const expected: Record<string, string> = {
      '/v1/items': 'GET, HEAD, POST, OPTIONS',
      '/v2/items/1': 'GET, HEAD, PUT, PATCH, DELETE, OPTIONS',
      '/v1/items/77777': 'GET, HEAD, PUT, PATCH, DELETE, OPTIONS',
      '/v1/items/1/reviews': 'GET, HEAD, POST, OPTIONS',
      '/oauth/token': 'POST, OPTIONS',
      '/': 'GET, HEAD, OPTIONS',
    }
    for (const [path, allow] of Object.entries(expected)) {
      const response = await fetch(`${context.url}${path}`, { method: 'OPTIONS' })
      expect(response.status, path).toBe(204)
      expect(response.headers.get('allow'), path).toBe(allow)
    }
  })
})

describe('reviews', () => {
  const context = useServer()

  it('GET /v1/items/{id}/reviews lists the reviews of an item (404 for a missing item)', async () => {
    const response = await fetch(`${context.url}/v1/items/1/reviews`)
    expect(response.status).toBe(200)
    const reviews = (await response.json()) as Array<Record<string, unknown>>
    expect(reviews.length).toBeGreaterThan(0)
    expect(Object.keys(reviews[0]!)).toEqual(['id', 'rating', 'comment', 'author'])
    expect(await (await fetch(`${context.url}/v1/items/3/reviews`)).json()).toEqual([])
    await expectProblem(await fetch(`${context.url}/v1/items/9999/reviews`), 404)
  })

  it('POST /v1/items/{id}/reviews creates a review with 201 + Location', async () => {
    const response = await fetch(`${context.url}/v1/items/3/reviews`, {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({ rating: 4, comment: 'Does the job.', author: 'tester' }),
    })
    expect(response.status).toBe(201)
    const review = (await response.json()) as { id: string }
    expect(review).toMatchObject({ rating: 4, comment: 'Does the job.', author: 'tester' })
    expect(response.headers.get('location')).toBe(`${context.url}/v1/items/3/reviews/${review.id}`)
    expect(await (await fetch(response.headers.get('location')!)).json()).toEqual(review)
    expect(await (await fetch(`${context.url}/v1/items/3/reviews`)).json()).toEqual([review])
  })

  it('refuses a bad rating with 422, a missing item with 404, and anonymous writers with 401', async () => {
    const bad = await fetch(`${context.url}/v1/items/3/reviews`, {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({ rating: 6, author: 'x' }),
    })
    expect((await expectProblem(bad, 422)).errors?.[0]?.field).toBe('rating')
    const missing = await fetch(`${context.url}/v1/items/9999/reviews`, {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({ rating: 3, author: 'x' }),
    })
    await expectProblem(missing, 404)
    const anonymous = await fetch(`${context.url}/v1/items/3/reviews`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rating: 3, author: 'x' }),
    })
    await expectProblem(anonymous, 401)
  })
})
