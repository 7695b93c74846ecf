// Costly GraphQL documents are refused before anything runs, over POST, GET and WebSocket alike,
// with a GraphQL error naming the bound (hostile-serve.test.ts floods a real `apictl serve` with them).
import { createClient } from 'graphql-ws'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { type RunningServer, startServer } from '../../../../src/server/reference/start-server.js'
import { demoBasic, query } from './graphql-http-client.js'

// One graphql, as in production (see graphql-subscriptions.test.ts).
vi.mock('graphql', () => import('graphql/index.js'))

let server: RunningServer
let endpoint: string
const failures: string[] = []
beforeAll(async () => {
  server = await startServer({ port: 0, env: {}, logError: (line) => failures.push(line) })
  endpoint = `${server.url}/graphql`
})
afterAll(() => server.close())

const aliases = (count: number, selection = 'items(limit: 100) { id name description price tags }') =>
  `{ ${Array.from({ length: count }, (_, i) => `a${i}: ${selection}`).join(' ')} }`

describe('a costly document', () => {
  it('is refused with GRAPHQL_VALIDATION_FAILED naming the bound, in a small answer, running nothing', async () => {
    const document = aliases(400)
    expect(document.length).toBeGreaterThan(22_000)
    const answer = await query(endpoint, document)
    expect(answer.status).toBe(200)
    expect(answer.text.length).toBeLessThan(2000)
    expect(answer.json.data).toBeUndefined()
    expect(answer.json.errors[0]).toEqual({
      message: 'the operation has 400 aliased fields; this server allows at most 30',
      locations: [{ line: 1, column: 1 }],
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit: 'aliases', found: 400, allowed: 30 },
    })
    // Found by the alias scan before any parse: the fields and the cost are not counted for it.
    expect(answer.json.errors).toHaveLength(1)
    const strict = await query(endpoint, document, undefined, { accept: 'application/graphql-response+json' })
    expect(strict.status).toBe(400)
    expect(strict.contentType).toMatch(/^application\/graphql-response\+json/)
  })

  it('is refused by fields and cost when its aliases come from a fragment the scan does not add', async () => {
    const fragment = `fragment F on Query { ${Array.from({ length: 20 }, (_, i) => `f${i}: items(limit: 100) { id name description price tags }`).join(' ')} }`
    const answer = await query(endpoint, `{ ...F a: itemCount b: itemCount ...F } ${fragment}`)
    expect(
      answer.json.errors.map((error: { extensions: { limit: string } }) => error.extensions.limit),
    ).toEqual(['aliases', 'cost'])
    expect(answer.json.errors[0].message).toBe(
      'the operation has 42 aliased fields; this server allows at most 30',
    )
  })

  it('is refused by cost alone: few fields, lists multiplied', async () => {
    const nested = `{ ${Array.from({ length: 3 }, (_, i) => `p${i}: items(limit: 100) { id name description price quantity tags createdAt updatedAt reviews { id rating comment author } }`).join(' ')} }`
    const answer = await query(endpoint, nested)
    expect(answer.json.errors).toHaveLength(1)
    expect(answer.json.errors[0].extensions).toMatchObject({ limit: 'cost', found: 14_703, allowed: 10_000 })
    // One such page is fine.
    const page = await query(endpoint, '{ items(limit: 100) { id reviews { rating } } }')
    expect(page.json.errors).toBeUndefined()
    expect(page.json.data.items).toHaveLength(40)
  })

  it('is refused over GET, and a mutation batch over the alias bound writes nothing', async () => {
    const search = new URLSearchParams({ query: aliases(50, 'itemCount') })
    const get = await fetch(`${endpoint}?${search}`, { headers: { 'apollo-require-preflight': 'true' } })
    const body = (await get.json()) as { errors: { extensions: { limit: string } }[] }
    expect(body.errors[0]!.extensions.limit).toBe('aliases')
    const before = server.store.count()
    const batch = `mutation { ${Array.from({ length: 31 }, (_, i) => `m${i}: createItem(input: {name: "n${i}", price: 1}) { id }`).join(' ')} }`
    const refused = await query(endpoint, batch, undefined, { authorization: demoBasic })
    expect(refused.json.errors[0].extensions.limit).toBe('aliases')
    expect(server.store.count()).toBe(before)
  })

  it('is refused over the WebSocket too', async () => {
    const client = createClient({
      url: `${server.url.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
    })
    try {
      const errors = await new Promise<unknown>((resolve, reject) => {
        client.subscribe(
          { query: aliases(400) },
          {
            next: () => reject(new Error('it ran')),
            error: resolve,
            complete: () => reject(new Error('completed')),
          },
        )
      })
      expect(errors).toEqual([
        expect.objectContaining({
          message: 'the operation has 400 aliased fields; this server allows at most 30',
          extensions: expect.objectContaining({ code: 'GRAPHQL_VALIDATION_FAILED', limit: 'aliases' }),
        }),
      ])
    } finally {
      await client.dispose()
    }
    expect(failures).toEqual([])
  })
})
