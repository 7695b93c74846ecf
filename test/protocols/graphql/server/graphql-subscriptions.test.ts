import { type Client, createClient } from 'graphql-ws'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { type RunningServer, startServer } from '../../../../src/server/reference/start-server.js'
import { demoBasic, query } from './graphql-http-client.js'

// One graphql, as in production: Vite would give these sources graphql's ESM build
// ("module"), while Apollo and graphql-ws, loaded by Node, get its CommonJS "main".
vi.mock('graphql', () => import('graphql/index.js'))

let server: RunningServer
let webSocketUrl: string
const clients: Client[] = []
/** The server's request log (stderr under apictl serve without --quiet). */
const requestLog: string[] = []

beforeAll(async () => {
  server = await startServer({ port: 0, log: (line) => requestLog.push(line) })
  webSocketUrl = `${server.url.replace(/^http/, 'ws')}/graphql`
})
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.dispose()))
})
afterAll(() => server.close())

function connect(connectionParams?: Record<string, unknown>): Client {
  const client = createClient({
    url: webSocketUrl,
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    connectionParams,
  })
  clients.push(client)
  return client
}

/** Polls (no fixed sleep) until `condition` holds, for at most 5 s. */
async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

const listening = () => server.store.changes.listenerCount

type Result = { data?: unknown; errors?: unknown }

/** Runs one operation over the socket and resolves with its single result (or its errors). */
function once(client: Client, document: string): Promise<Result | { errors: unknown }> {
  return new Promise((resolve, reject) => {
    let result: Result | undefined
    client.subscribe(
      { query: document },
      {
        next: (value) => {
          result = value
        },
        error: (errors) => (Array.isArray(errors) ? resolve({ errors }) : reject(errors)),
        complete: () => (result ? resolve(result) : reject(new Error('completed without a result'))),
      },
    )
  })
}

const itemChanged = 'subscription { itemChanged { type item { id name price } } }'

describe('itemChanged over graphql-ws on /graphql', () => {
  it('tells a subscriber about items created, updated and deleted over REST', async () => {
    const client = connect()
    const events = client.iterate({ query: itemChanged })
    const first = events.next()
    await until(() => listening() === 1, 'the subscription listens to the store')

    const created = await fetch(`${server.url}/v1/items`, {
      method: 'POST',
      headers: { authorization: demoBasic, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Kettle', price: 20 }),
    })
    expect(created.status).toBe(201)
    const { id } = (await created.json()) as { id: string }
    expect((await first).value).toEqual({
      data: { itemChanged: { type: 'CREATED', item: { id, name: 'Kettle', price: 20 } } },
    })

    const patched = await fetch(`${server.url}/v1/items/${id}`, {
      method: 'PATCH',
      headers: { authorization: demoBasic, 'content-type': 'application/merge-patch+json' },
      body: JSON.stringify({ price: 18 }),
    })
    expect(patched.status).toBe(200)
    expect((await events.next()).value).toEqual({
      data: { itemChanged: { type: 'UPDATED', item: { id, name: 'Kettle', price: 18 } } },
    })

    const deleted = await fetch(`${server.url}/v1/items/${id}`, {
      method: 'DELETE',
      headers: { authorization: demoBasic },
    })
    expect(deleted.status).toBe(204)
    expect((await events.next()).value).toEqual({
      data: { itemChanged: { type: 'DELETED', item: { id, name: 'Kettle', price: 18 } } },
    })

    await events.return?.(undefined)
    await until(() => listening() === 0, 'the finished subscription stops listening')
  })

  it('tells every subscriber about a GraphQL mutation', async () => {
    const [one, two] = [connect(), connect()]
    const firstEvents = one.iterate({ query: itemChanged })
    const secondEvents = two.iterate({
      query: 'subscription { itemChanged { type item { name reviews { id } } } }',
    })
    const [first, second] = [firstEvents.next(), secondEvents.next()]
    await until(() => listening() === 2, 'both subscriptions listen')
    const answer = await query(
      `${server.url}/graphql`,
      'mutation { createItem(input: { name: "Mug", price: 4 }) { id } }',
      undefined,
      { authorization: demoBasic },
    )
    const { id } = answer.json.data.createItem
    expect((await first).value).toEqual({
      data: { itemChanged: { type: 'CREATED', item: { id, name: 'Mug', price: 4 } } },
    })
    expect((await second).value).toEqual({
      data: { itemChanged: { type: 'CREATED', item: { name: 'Mug', reviews: [] } } },
    })
  })

  it('tells subscribers about a review added over REST or GraphQL, as an UPDATED item', async () => {
    const client = connect()
    const events = client.iterate({
      query: 'subscription { itemChanged { type item { id name reviews { rating author } } } }',
    })
    const first = events.next()
    await until(() => listening() === 1, 'the subscription listens')
    const before = server.store.listReviews('2')!.map(({ rating, author }) => ({ rating, author }))
    const posted = await fetch(`${server.url}/v1/items/2/reviews`, {
      method: 'POST',
      headers: { authorization: demoBasic, 'content-type': 'application/json' },
      body: JSON.stringify({ rating: 5, author: 'Rest reader' }),
    })
    expect(posted.status).toBe(201)
    const name = server.store.get('2')!.name
    const afterRest = [...before, { rating: 5, author: 'Rest reader' }]
    expect((await first).value).toEqual({
      data: { itemChanged: { type: 'UPDATED', item: { id: '2', name, reviews: afterRest } } },
    })
    const answer = await query(
      `${server.url}/graphql`,
      'mutation { addReview(itemId: "2", input: { rating: 3, author: "Gql reader" }) { id } }',
      undefined,
      { authorization: demoBasic },
    )
    expect(answer.json.errors).toBeUndefined()
    expect((await events.next()).value).toEqual({
      data: {
        itemChanged: {
          type: 'UPDATED',
          item: { id: '2', name, reviews: [...afterRest, { rating: 3, author: 'Gql reader' }] },
        },
      },
    })
    await events.return?.(undefined)
  })

  it('logs the WebSocket upgrade and its close in the request log', async () => {
    const client = connect()
    const events = client.iterate({ query: itemChanged })
    void events.next().catch(() => undefined)
    await until(() => listening() === 1, 'the subscription listens')
    expect(requestLog).toContainEqual(expect.stringMatching(/^GET \/graphql 101 [\d.]+ms \(websocket\)$/))
    await client.dispose()
    await until(
      () => requestLog.some((line) => /^GET \/graphql websocket closed after [\d.]+s$/.test(line)),
      'the close is logged',
    )
    const refused = new WebSocket(`${webSocketUrl}/below`, 'graphql-transport-ws')
    await new Promise<void>((resolve) => refused.once('error', () => resolve()))
    await until(
      () => requestLog.some((line) => /^GET \/graphql\/below 404 [\d.]+ms \(websocket refused\)$/.test(line)),
      'the refused upgrade is logged',
    )
  })

  it('stops listening to the store when the client goes away', async () => {
    const client = connect()
    const events = client.iterate({ query: itemChanged })
    void events.next().catch(() => undefined)
    await until(() => listening() === 1, 'the subscription listens')
    await client.dispose()
    await until(() => listening() === 0, 'the closed connection stops listening')
  })

  it('refuses an invalid subscription with errors, without subscribing, and keeps the connection', async () => {
    const client = connect()
    const invalid = await once(client, 'subscription { itemChanged { type nmae } }')
    expect(invalid).toEqual({
      errors: [
        {
          message: 'Cannot query field "nmae" on type "ItemChange".',
          locations: [{ line: 1, column: 35 }],
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
        },
      ],
    })
    const broken = await once(client, 'subscription { itemChanged {')
    expect(broken).toMatchObject({ errors: [{ extensions: { code: 'GRAPHQL_PARSE_FAILED' } }] })
    const absurd = await once(client, `${'{ a '.repeat(3000)}${'}'.repeat(3000)}`)
    expect(absurd).toMatchObject({ errors: [{ extensions: { code: 'GRAPHQL_PARSE_FAILED' } }] })
    expect(listening()).toBe(0)
    expect(await once(client, '{ item(id: "1") { id } }')).toEqual({ data: { item: { id: '1' } } })
  })

  it('takes credentials for mutations from the connection parameters', async () => {
    const anonymous = await once(
      connect(),
      'mutation { createItem(input: { name: "Ink", price: 1 }) { name } }',
    )
    expect(anonymous).toMatchObject({
      errors: [{ extensions: { code: 'UNAUTHENTICATED' } }],
      data: { createItem: null },
    })
    const signedIn = await once(
      connect({ authorization: demoBasic }),
      'mutation { createItem(input: { name: "Ink", price: 1 }) { name } }',
    )
    expect(signedIn).toEqual({ data: { createItem: { name: 'Ink' } } })
  })

  it('refuses a WebSocket upgrade anywhere but /graphql', async () => {
    const refused = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(`${webSocketUrl}/elsewhere`, 'graphql-transport-ws')
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0))
      socket.on('open', () => reject(new Error('the upgrade was accepted')))
      socket.on('error', () => undefined)
    })
    expect(refused).toBe(404)
  })
})
