import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type RunningServer, startServer } from '../../../../src/server/reference/start-server.js'
import { query } from './graphql-http-client.js'

// One graphql, as in production: Vite would give these sources graphql's ESM build
// ("module"), while Apollo, loaded by Node, gets its CommonJS "main".
vi.mock('graphql', () => import('graphql/index.js'))

let server: RunningServer
let endpoint: string

beforeAll(async () => {
  server = await startServer({ port: 0 })
  endpoint = `${server.url}/graphql`
})
afterAll(() => server.close())

describe('reads at /graphql', () => {
  it('answers item(id) with the seed item, in application/json', async () => {
    const answer = await query(endpoint, '{ item(id: "1") { id name price quantity tags description } }')
    expect(answer.status).toBe(200)
    expect(answer.contentType).toBe('application/json; charset=utf-8')
    const seed = server.store.get('1')!
    expect(answer.json).toEqual({
      data: {
        item: {
          id: '1',
          name: seed.name,
          price: seed.price,
          quantity: seed.quantity,
          tags: seed.tags,
          description: seed.description,
        },
      },
    })
  })

  it('answers item(id) with null, and no error, for an id that does not exist', async () => {
    const answer = await query(endpoint, '{ item(id: "no-such-item") { id } }')
    expect(answer.status).toBe(200)
    expect(answer.json).toEqual({ data: { item: null } })
  })

  it('pages items with page and limit, in a stable order, defaulting to 20 per page', async () => {
    const first = await query(endpoint, '{ items { id } }')
    expect(first.json.data.items).toHaveLength(20)
    const all = server.store.list({ page: 1, limit: 100 }).items.map((item) => item.id)
    expect(first.json.data.items.map((item: { id: string }) => item.id)).toEqual(all.slice(0, 20))

    const second = await query(
      endpoint,
      'query Page($page: Int, $limit: Int) { items(page: $page, limit: $limit) { id } }',
      {
        page: 2,
        limit: 7,
      },
    )
    expect(second.json.data.items.map((item: { id: string }) => item.id)).toEqual(all.slice(7, 14))

    const beyond = await query(endpoint, '{ items(page: 1000, limit: 10) { id } }')
    expect(beyond.json).toEqual({ data: { items: [] } })
  })

  it('filters items and itemCount by tag', async () => {
    const tagged = server.store.list({ page: 1, limit: 100, tag: 'office' })
    expect(tagged.total).toBeGreaterThan(0)
    const answer = await query(
      endpoint,
      '{ items(tag: "office", limit: 100) { id tags } itemCount(tag: "office") all: itemCount }',
    )
    expect(answer.json.data.items.map((item: { id: string }) => item.id)).toEqual(
      tagged.items.map((item) => item.id),
    )
    for (const item of answer.json.data.items) expect(item.tags).toContain('office')
    expect(answer.json.data.itemCount).toBe(tagged.total)
    expect(answer.json.data.all).toBe(server.store.count())
  })

  it('refuses a limit outside 1..100 or a page below 1 as BAD_USER_INPUT naming the argument', async () => {
    const answer = await query(endpoint, '{ items(limit: 101) { id } }')
    expect(answer.status).toBe(200)
    expect(answer.json.data).toBeNull()
    expect(answer.json.errors).toHaveLength(1)
    expect(answer.json.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'limit' })
    expect(answer.json.errors[0].message).toBe('limit must be a whole number from 1 to 100')
    expect(answer.json.errors[0].path).toEqual(['items'])

    const page = await query(endpoint, '{ items(page: 0) { id } }')
    expect(page.json.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'page' })
  })

  it('resolves reviews from the parent item, and only when the query selects them', async () => {
    const store = server.store
    const listReviews = store.listReviews.bind(store)
    const asked: string[] = []
    store.listReviews = (itemId: string) => {
      asked.push(itemId)
      return listReviews(itemId)
    }
    try {
      await query(endpoint, '{ items(limit: 3) { id name } item(id: "1") { id } }')
      expect(asked).toEqual([])
      const answer = await query(endpoint, '{ items(limit: 3) { id reviews { id rating comment author } } }')
      expect(asked).toEqual(['1', '2', '3'])
      expect(answer.json.data.items[0].reviews).toEqual(listReviews('1'))
      expect(answer.json.data.items[0].reviews.length).toBeGreaterThan(0)
    } finally {
      store.listReviews = listReviews
    }
  })

  it('lets a client introspect the schema, descriptions included', async () => {
    const answer = await query(
      endpoint,
      '{ __type(name: "Item") { description fields { name description } } __schema { subscriptionType { name } } }',
    )
    expect(answer.json.data.__schema.subscriptionType.name).toBe('Subscription')
    const fields = answer.json.data.__type.fields
    expect(fields.map((field: { name: string }) => field.name)).toEqual([
      'id',
      'name',
      'description',
      'price',
      'quantity',
      'tags',
      'createdAt',
      'updatedAt',
      'reviews',
    ])
    for (const field of fields) expect(field.description).toMatch(/\w/)
  })
})
