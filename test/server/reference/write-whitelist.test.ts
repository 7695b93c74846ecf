// Only the listed fields are accepted from a client, whatever their value: null included (SPEC §7).
import { describe, expect, it } from 'vitest'
import { basicAuth, createItem, expectProblem, jsonHeaders, useServer } from './server-helpers.js'

const context = useServer()
const mergePatch = { 'content-type': 'application/merge-patch+json', authorization: basicAuth }
const refusedBodies = [
  { foo: null },
  { createdAt: null },
  { updatedAt: null },
  { id: null },
  { foo: 1 },
  { id: '99' },
]

async function write(method: string, path: string, body: unknown, headers = jsonHeaders) {
  return fetch(`${context.url}${path}`, { method, headers, body: JSON.stringify(body) })
}

describe('PATCH refuses unknown and server-owned fields, even as null', () => {
  for (const version of ['v1', 'v2']) {
    for (const body of refusedBodies) {
      it(`${version}: ${JSON.stringify(body)} is 422 and changes nothing`, async () => {
        const item = await createItem(context.url)
        const before = context.server.store.get(item.id)
        for (const headers of [mergePatch, jsonHeaders]) {
          const problem = await expectProblem(
            await write('PATCH', `/${version}/items/${item.id}`, body, headers),
            422,
          )
          const field = Object.keys(body)[0]!
          expect(problem.errors).toEqual([expect.objectContaining({ field })])
          expect(problem.detail).toMatch(
            field === 'foo' ? /is not a known field/ : /is set by the server and cannot be written/,
          )
        }
        expect(context.server.store.get(item.id)).toBe(before)
      })
    }
  }

  it('v2: an unknown key inside price is 422 even as null; null still clears a known field', async () => {
    const item = await createItem(context.url, { description: 'to clear' })
    const problem = await expectProblem(
      await write('PATCH', `/v2/items/${item.id}`, { price: { foo: null } }, mergePatch),
      422,
    )
    expect(problem.errors).toEqual([{ field: 'price.foo', message: 'is not a known field' }])
    const cleared = await write('PATCH', `/v2/items/${item.id}`, { description: null }, mergePatch)
    expect(cleared.status).toBe(200)
    expect(((await cleared.json()) as { description: unknown }).description).toBeNull()
  })
})

describe('PUT, POST and reviews refuse them too', () => {
  for (const version of ['v1', 'v2']) {
    const price = version === 'v1' ? 2 : { amount: 2, currency: 'USD' }
    for (const extra of [{ foo: null }, { createdAt: null }, { id: null }, { updatedAt: null }]) {
      it(`${version}: ${JSON.stringify(extra)} in a PUT or POST is 422`, async () => {
        const item = await createItem(context.url)
        const before = context.server.store.get(item.id)
        const count = context.server.store.count()
        const body = { name: 'Whole', price, ...extra }
        await expectProblem(await write('PUT', `/${version}/items/${item.id}`, body), 422)
        await expectProblem(await write('POST', `/${version}/items`, body), 422)
        expect(context.server.store.get(item.id)).toBe(before)
        expect(context.server.store.count()).toBe(count)
      })
    }
  }

  it('a review with an unknown or server-owned field, even null, is 422', async () => {
    const before = context.server.store.listReviews('2')?.length
    for (const extra of [{ foo: null }, { id: null }, { itemId: null }]) {
      const body = { rating: 4, author: 'Ann', ...extra }
      await expectProblem(await write('POST', '/v1/items/2/reviews', body), 422)
      await expectProblem(await write('POST', '/v2/items/2/reviews', body), 422)
    }
    expect(context.server.store.listReviews('2')?.length).toBe(before)
  })
})
