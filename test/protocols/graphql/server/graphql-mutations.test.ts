import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type RunningServer, startServer } from '../../../../src/server/reference/start-server.js'
import { demoBasic, query } from './graphql-http-client.js'

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

const createItem = `mutation Create($input: ItemInput!) {
  createItem(input: $input) { id name description price quantity tags createdAt updatedAt reviews { id } }
}`

describe('mutations need credentials', () => {
  it('refuses each mutation without credentials as UNAUTHENTICATED, and writes nothing', async () => {
    const before = server.store.count()
    const documents = [
      'mutation { createItem(input: { name: "Pen", price: 1 }) { id } }',
      'mutation { updateItem(id: "1", input: { price: 2 }) { id } }',
      'mutation { deleteItem(id: "1") { id } }',
      'mutation { addReview(itemId: "1", input: { rating: 5, author: "ann" }) { id } }',
    ]
    for (const document of documents) {
      const answer = await query(endpoint, document)
      expect(answer.status).toBe(200)
      expect(answer.json.errors).toHaveLength(1)
      expect(answer.json.errors[0].extensions.code).toBe('UNAUTHENTICATED')
      expect(answer.json.errors[0].message).toMatch(
        /needs credentials: send HTTP Basic demo:demo or a Bearer token/,
      )
      expect(Object.values(answer.json.data)).toEqual([null])
    }
    expect(server.store.count()).toBe(before)
    expect(server.store.get('1')?.price).not.toBe(2)
    expect(server.store.listReviews('1')).toHaveLength(2)
  })

  it('says why wrong credentials were refused', async () => {
    const wrong = `Basic ${Buffer.from('demo:nope').toString('base64')}`
    const basic = await query(endpoint, 'mutation { deleteItem(id: "1") { id } }', undefined, {
      authorization: wrong,
    })
    expect(basic.json.errors[0]).toMatchObject({
      message: 'deleteItem needs credentials: wrong user name or password',
      extensions: { code: 'UNAUTHENTICATED' },
    })
    const bearer = await query(endpoint, 'mutation { deleteItem(id: "1") { id } }', undefined, {
      authorization: 'Bearer not.a.token',
    })
    expect(bearer.json.errors[0].extensions.code).toBe('UNAUTHENTICATED')
    expect(server.store.get('1')).toBeDefined()
  })

  it('creates an item with HTTP Basic demo:demo, which REST then serves', async () => {
    const answer = await query(
      endpoint,
      createItem,
      { input: { name: 'GraphQL pen', price: 2.5, tags: ['office'] } },
      { authorization: demoBasic },
    )
    expect(answer.json.errors).toBeUndefined()
    const created = answer.json.data.createItem
    expect(created).toMatchObject({
      name: 'GraphQL pen',
      description: null,
      price: 2.5,
      quantity: 0,
      tags: ['office'],
      reviews: [],
    })
    expect(created.createdAt).toBe(created.updatedAt)
    const rest = await fetch(`${server.url}/v1/items/${created.id}`)
    expect(rest.status).toBe(200)
    expect(await rest.json()).toMatchObject({ id: created.id, name: 'GraphQL pen', price: 2.5 })
  })

  it('updates, reviews and deletes with a Bearer token the server signed', async () => {
    const { token } = await server.auth.tokens.sign('demo')
    const headers = { authorization: `Bearer ${token}` }
    const created = await query(
      endpoint,
      createItem,
      { input: { name: 'Lamp', price: 30, description: 'warm' } },
      headers,
    )
    const id = created.json.data.createItem.id

    const updated = await query(
      endpoint,
      'mutation($id: ID!) { updateItem(id: $id, input: { price: 25, description: null, tags: ["home"] }) { id name price description tags } }',
      { id },
      headers,
    )
    expect(updated.json).toEqual({
      data: { updateItem: { id, name: 'Lamp', price: 25, description: null, tags: ['home'] } },
    })

    const reviewed = await query(
      endpoint,
      'mutation($id: ID!) { addReview(itemId: $id, input: { rating: 4, comment: "bright", author: "ann" }) { id rating comment author } }',
      { id },
      headers,
    )
    expect(reviewed.json.data.addReview).toMatchObject({ rating: 4, comment: 'bright', author: 'ann' })
    const withReviews = await query(endpoint, 'query($id: ID!) { item(id: $id) { reviews { author } } }', {
      id,
    })
    expect(withReviews.json.data.item.reviews).toEqual([{ author: 'ann' }])

    const deleted = await query(
      endpoint,
      'mutation($id: ID!) { deleteItem(id: $id) { id name } }',
      { id },
      headers,
    )
    expect(deleted.json).toEqual({ data: { deleteItem: { id, name: 'Lamp' } } })
    expect(server.store.get(id)).toBeUndefined()
  })
})

describe('refused writes', () => {
  it('turns the store validation into BAD_USER_INPUT naming each field', async () => {
    const before = server.store.count()
    const answer = await query(
      endpoint,
      createItem,
      { input: { name: '  ', price: -1, tags: ['ok', ''] } },
      { authorization: demoBasic },
    )
    expect(answer.status).toBe(200)
    expect(answer.json.data).toEqual({ createItem: null })
    const [error] = answer.json.errors
    expect(error.path).toEqual(['createItem'])
    expect(error.message).toBe(
      'input.name must not be empty; input.price must be a number >= 0; input.tags[1] must be a non-empty string of at most 50 characters',
    )
    expect(error.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'input.name',
      problems: [
        { field: 'input.name', message: 'must not be empty' },
        { field: 'input.price', message: 'must be a number >= 0' },
        { field: 'input.tags[1]', message: 'must be a non-empty string of at most 50 characters' },
      ],
    })
    expect(server.store.count()).toBe(before)
  })

  it('refuses a review rating outside 1..5 as BAD_USER_INPUT', async () => {
    const answer = await query(
      endpoint,
      'mutation { addReview(itemId: "1", input: { rating: 9, author: "ann" }) { id } }',
      undefined,
      { authorization: demoBasic },
    )
    expect(answer.json.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.rating' })
  })

  it('answers NOT_FOUND for a write to an item that does not exist', async () => {
    for (const document of [
      'mutation { updateItem(id: "404404", input: { price: 2 }) { id } }',
      'mutation { deleteItem(id: "404404") { id } }',
      'mutation { addReview(itemId: "404404", input: { rating: 5, author: "ann" }) { id } }',
    ]) {
      const answer = await query(endpoint, document, undefined, { authorization: demoBasic })
      expect(answer.json.errors[0]).toMatchObject({
        message: 'item "404404" does not exist',
        extensions: { code: 'NOT_FOUND' },
      })
    }
  })

  it('keeps the other fields of a document when one mutation fails (partial data)', async () => {
    const answer = await query(
      endpoint,
      'mutation { good: createItem(input: { name: "Cup", price: 3 }) { name } bad: deleteItem(id: "404404") { id } }',
      undefined,
      { authorization: demoBasic },
    )
    expect(answer.json.data).toEqual({ good: { name: 'Cup' }, bad: null })
    expect(answer.json.errors.map((error: { path: string[] }) => error.path)).toEqual([['bad']])
  })
})

describe('internal errors', () => {
  it('never shows the client an internal message, and logs the real one', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'apictl-graphql-'))
    const lines: string[] = []
    const durable = await startServer({
      port: 0,
      dataFile: join(directory, 'data.json'),
      log: (line) => lines.push(line),
    })
    try {
      const before = durable.store.count()
      // The data file's directory goes away: the next write cannot be saved.
      await rm(directory, { recursive: true, force: true })
      const answer = await query(
        `${durable.url}/graphql`,
        'mutation { createItem(input: { name: "Lost", price: 1 }) { id } }',
        undefined,
        { authorization: demoBasic },
      )
      expect(answer.status).toBe(200)
      expect(answer.json).toEqual({
        errors: [
          {
            message: 'Internal server error: the server log has the details',
            locations: [{ line: 1, column: 12 }],
            path: ['createItem'],
            extensions: { code: 'INTERNAL_SERVER_ERROR' },
          },
        ],
        data: { createItem: null },
      })
      expect(answer.text).not.toMatch(/ENOENT|data\.json|apictl-graphql-/)
      expect(lines.join('\n')).toMatch(/graphql: internal error at createItem: Error: ENOENT/)
      expect(durable.store.count()).toBe(before)
    } finally {
      await durable.close()
    }
  })
})
