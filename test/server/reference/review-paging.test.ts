// The reviews list pages like the items list; limits out of range are refused with the range named.
import { describe, expect, it } from 'vitest'
import { createItem, expectProblem, jsonHeaders, useServer } from './server-helpers.js'

const context = useServer()

async function addReviews(itemId: string, count: number): Promise<void> {
  for (let index = 1; index <= count; index++) {
    const response = await fetch(`${context.url}/v1/items/${itemId}/reviews`, {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({ rating: (index % 5) + 1, author: `reader ${index}` }),
    })
    expect(response.status).toBe(201)
  }
}

describe('GET /vN/items/{id}/reviews?page=&limit=', () => {
  it('pages with X-Total-Count and Link like the items list (default limit 20)', async () => {
    const item = await createItem(context.url)
    await addReviews(item.id, 25)
    const base = `${context.url}/v1/items/${item.id}/reviews`
    const first = await fetch(base)
    expect(first.headers.get('x-total-count')).toBe('25')
    const all = (await first.json()) as Array<{ author: string }>
    expect(all.map((review) => review.author)).toEqual(
      Array.from({ length: 20 }, (_, index) => `reader ${index + 1}`),
    )
    expect(first.headers.get('link')).toBe(
      `<${base}?page=1&limit=20>; rel="first", <${base}?page=2&limit=20>; rel="next", <${base}?page=2&limit=20>; rel="last"`,
    )
    const second = await fetch(`${base}?page=2&limit=10`)
    expect(((await second.json()) as Array<{ author: string }>).map((review) => review.author)).toEqual(
      Array.from({ length: 10 }, (_, index) => `reader ${index + 11}`),
    )
    expect(second.headers.get('link')).toBe(
      `<${base}?page=1&limit=10>; rel="first", <${base}?page=1&limit=10>; rel="prev", <${base}?page=3&limit=10>; rel="next", <${base}?page=3&limit=10>; rel="last"`,
    )
    const beyond = await fetch(`${base}?page=9&limit=10`)
    expect(await beyond.json()).toEqual([])
    expect(beyond.headers.get('x-total-count')).toBe('25')
    const xml = await fetch(`${context.url}/v2/items/${item.id}/reviews?limit=3`, {
      headers: { accept: 'application/xml' },
    })
    expect((await xml.text()).match(/<review>/g)).toHaveLength(3)
    expect(xml.headers.get('link')).toContain(`/v2/items/${item.id}/reviews?page=9&limit=3>; rel="last"`)
  })

  it('refuses a limit or page out of range with 400 naming the range, for items and reviews alike', async () => {
    for (const path of ['/v1/items', '/v1/items/1/reviews']) {
      const over = await expectProblem(await fetch(`${context.url}${path}?limit=101`), 400)
      expect(over.detail).toBe('limit="101" is not allowed: limit must be a whole number from 1 to 100')
      const zero = await expectProblem(await fetch(`${context.url}${path}?page=0`), 400)
      expect(zero.detail).toBe('page="0" is not allowed: page must be a whole number from 1 to 1000000')
    }
  })

  it('still answers 404 for the reviews of a missing item', async () => {
    await expectProblem(await fetch(`${context.url}/v1/items/9999/reviews?page=2`), 404)
  })
})

describe('OPTIONS', () => {
  it('is 204 with Allow on a resource, and 404 on a path that is none', async () => {
    const known = await fetch(`${context.url}/v1/items/1/reviews`, { method: 'OPTIONS' })
    expect(known.status).toBe(204)
    expect(known.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS')
    for (const path of ['/v1/nothing', '/elsewhere']) {
      await expectProblem(await fetch(`${context.url}${path}`, { method: 'OPTIONS' }), 404)
    }
  })
})
