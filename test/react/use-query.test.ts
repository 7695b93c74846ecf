// @vitest-environment jsdom
import { parse } from 'graphql'
import { createElement, StrictMode } from 'react'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  type ApictlClient,
  createClient,
  type GraphQLApi,
  type GraphQLRequestOptions,
} from '../../src/index.js'
import { type RunningServer, startServer } from '../../src/server/reference/start-server.js'
import {
  type StockApolloServer,
  startStockApolloServer,
} from '../protocols/graphql/client/support/stock-apollo-server.js'
import { isolatedEnv } from '../support/run-cli.js'
import { startTestServer } from '../support/test-server.js'
import { provided, QueryProbe, type SeenQuery } from './support/probes.js'
import { graphqlRequestCounter, renderTree, waitForText } from './support/render-tree.js'

const ITEM = 'query Item($id: ID!) { item(id: $id) { id name } }'
type ItemData = { item: { id: string; name: string } | null }

const requests = graphqlRequestCounter()
let server: RunningServer
let client: ApictlClient

beforeAll(async () => {
  server = await startServer({ port: 0, log: requests.log })
  client = createClient({ graphql: `${server.url}/graphql`, env: isolatedEnv() })
})
afterAll(async () => {
  await client.close()
  await server.close()
})

/** How the tree shows item `id` once its answer is in. */
const itemText = (id: string) => JSON.stringify({ item: { id, name: server.store.get(id)!.name } })

describe('useQuery against the reference server, rendered with react-dom in jsdom', () => {
  it('loading goes true → false and the data arrives', async () => {
    const seen: Array<SeenQuery<ItemData>> = []
    const tree = renderTree(
      provided(
        client,
        createElement(QueryProbe<ItemData>, { document: ITEM, options: { variables: { id: '1' } }, seen }),
      ),
    )
    try {
      await waitForText(tree, itemText('1'))
      expect(seen[0]).toMatchObject({ data: undefined, loading: true, error: undefined })
      expect(seen.at(-1)).toMatchObject({
        data: { item: { id: '1', name: server.store.get('1')!.name } },
        loading: false,
        error: undefined,
      })
      // loading never comes back once the answer is in.
      const firstDone = seen.findIndex((state) => !state.loading)
      expect(seen.slice(firstDone).every((state) => !state.loading)).toBe(true)
    } finally {
      tree.unmount()
    }
  })

  it('under StrictMode (effects run twice) the answer still arrives, and no error shows', async () => {
    const seen: Array<SeenQuery<ItemData>> = []
    const options = { variables: { id: '4' } }
    const probe = createElement(QueryProbe<ItemData>, { document: ITEM, options, seen })
    const tree = renderTree(createElement(StrictMode, null, provided(client, probe)))
    try {
      await waitForText(tree, itemText('4'))
      expect(seen.some((state) => state.error !== undefined)).toBe(false)
    } finally {
      tree.unmount()
    }
  })

  it('sends again when the variables change by value, not when an equal object is rendered', async () => {
    const seen: Array<SeenQuery<ItemData>> = []
    // A fresh variables object on every render, keys in another order: equal by value.
    const probe = (variables: Record<string, unknown>, mark: string) =>
      provided(
        client,
        createElement(QueryProbe<ItemData>, { document: ITEM, options: { variables }, seen, mark }),
      )
    const tree = renderTree(probe({ id: '1', unused: null }, ' #0'))
    try {
      await waitForText(tree, `${itemText('1')} #0`)
      const before = requests.count()
      tree.render(probe({ unused: null, id: '1' }, ' #1'))
      await waitForText(tree, `${itemText('1')} #1`)
      tree.render(probe({ id: '1', unused: null }, ' #2'))
      await waitForText(tree, `${itemText('1')} #2`)
      const rerendered = seen.length
      const answered = seen.findIndex((state) => !state.loading)
      expect(seen.slice(answered, rerendered).some((state) => state.loading)).toBe(false)
      // New variables: the very render that brings them shows loading (never item 1), then item 2.
      tree.render(probe({ id: '2', unused: null }, ' #3'))
      await waitForText(tree, `${itemText('2')} #3`)
      const second = seen.slice(rerendered)
      expect(second[0]).toMatchObject({ variables: { id: '2' }, data: undefined, loading: true })
      expect(second.every((state) => state.loading || state.data?.item?.id === '2')).toBe(true)
      await vi.waitFor(() => expect(requests.count()).toBe(before + 1))
    } finally {
      tree.unmount()
    }
  })

  it('a GraphQL error from the server lands in error (data null stays undefined)', async () => {
    const seen: Array<SeenQuery<unknown>> = []
    const document = '{ itemCount items(limit: 500) { id } }'
    const tree = renderTree(provided(client, createElement(QueryProbe, { document, seen })))
    try {
      await waitForText(tree, /^error 4: .*limit must be a whole number from 1 to 100/)
      expect(seen.at(-1)?.data).toBeUndefined()
      expect(seen.at(-1)?.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT')
    } finally {
      tree.unmount()
    }
  })

  it("a document the schema refuses is the library's validation error, and nothing is sent", async () => {
    await client.query('{ nosuch }') // the client's schema, read once before counting
    const before = requests.count()
    const seen: Array<SeenQuery<unknown>> = []
    const document = '{ item(id: "1") { nosuch } }'
    const tree = renderTree(provided(client, createElement(QueryProbe, { document, seen })))
    try {
      await waitForText(tree, 'error 2: Cannot query field "nosuch" on type "Item".')
      expect(seen[0]).toMatchObject({ data: undefined, loading: true, error: undefined })
      expect(seen.at(-1)?.error).toMatchObject({ exitCode: 2, where: 'document:1:19' })
      expect(requests.count()).toBe(before)
    } finally {
      tree.unmount()
    }
  })

  it('a network failure lands in error with exit code 3', async () => {
    const offline = createClient({ graphql: 'http://127.0.0.1:9/graphql', env: isolatedEnv(), timeout: 5 })
    const options = { validate: false }
    const tree = renderTree(
      provided(offline, createElement(QueryProbe, { document: '{ itemCount }', options })),
    )
    try {
      await waitForText(tree, /^error 3: .*127\.0\.0\.1:9/)
    } finally {
      tree.unmount()
    }
  })

  it('refetch() sends it again, keeping the data while it is out, and shows what the server has now', async () => {
    const seen: Array<SeenQuery<ItemData>> = []
    const options = { variables: { id: '3' } }
    const tree = renderTree(
      provided(client, createElement(QueryProbe<ItemData>, { document: parse(ITEM), options, seen })),
    )
    try {
      await waitForText(tree, itemText('3'))
      await server.store.patch('3', { name: 'Renamed by the test' })
      const answered = seen.length
      const response = await seen.at(-1)!.refetch()
      expect(response.data).toEqual({ item: { id: '3', name: 'Renamed by the test' } })
      await waitForText(tree, itemText('3'))
      expect(seen.slice(answered)).toContainEqual(
        expect.objectContaining({
          loading: true,
          data: { item: { id: '3', name: expect.not.stringMatching(/Renamed/) } },
        }),
      )
    } finally {
      tree.unmount()
    }
  })

  it('skip: nothing is sent and loading is false until skip turns false', async () => {
    const probe = (skip: boolean) =>
      provided(client, createElement(QueryProbe, { document: '{ itemCount }', options: { skip } }))
    const before = requests.count()
    const tree = renderTree(probe(true))
    try {
      await waitForText(tree, 'null')
      expect(requests.count()).toBe(before)
      tree.render(probe(false))
      await waitForText(tree, JSON.stringify({ itemCount: server.store.count() }))
      expect(requests.count()).toBe(before + 1)
    } finally {
      tree.unmount()
    }
  })

  it('unmounting aborts the request in flight and changes no state afterwards', async () => {
    // A server that never answers: the request is still out when the component goes.
    const closed: boolean[] = []
    const holding = await startTestServer((_request, response) => {
      response.on('close', () => closed.push(true))
    })
    const held = createClient({ graphql: `${holding.url}/graphql`, env: isolatedEnv(), validate: false })
    const calls: Array<{ signal: AbortSignal | undefined; settled: Promise<unknown> }> = []
    // The real client, with each call's signal and promise kept for the test to look at.
    const watched: GraphQLApi = {
      query: <T>(document: string, options?: GraphQLRequestOptions) => {
        const settled = held.query<T>(document, options)
        calls.push({ signal: options?.signal, settled })
        return settled
      },
      mutate: held.mutate,
    }
    const seen: Array<SeenQuery<unknown>> = []
    const tree = renderTree(provided(watched, createElement(QueryProbe, { document: '{ itemCount }', seen })))
    try {
      await waitForText(tree, 'loading')
      await vi.waitFor(() => expect(holding.received).toHaveLength(1))
      const rendersAtUnmount = seen.length
      tree.unmount()
      expect(calls).toHaveLength(1)
      expect(calls[0]!.signal?.aborted).toBe(true)
      await expect(calls[0]!.settled).resolves.toMatchObject({ error: { exitCode: 3 } })
      await vi.waitFor(() => expect(closed).toEqual([true]))
      expect(seen.length).toBe(rendersAtUnmount)
      expect(tree.uncaught).toEqual([])
    } finally {
      await held.close()
      await holding.close()
    }
  })
})

describe('useQuery keeps partial data beside GraphQL errors (a stock Apollo Server)', () => {
  let apollo: StockApolloServer
  beforeAll(async () => {
    apollo = await startStockApolloServer()
  })
  afterAll(() => apollo.close())

  it('data holds what resolved, error and errors say what did not', async () => {
    const books = createClient({ graphql: apollo.url, env: isolatedEnv() })
    const seen: Array<SeenQuery<unknown>> = []
    const tree = renderTree(
      provided(books, createElement(QueryProbe, { document: '{ books(first: 1) { id isbn } }', seen })),
    )
    try {
      await waitForText(tree, 'error 4: The ISBN service is down.')
      expect(seen.at(-1)?.data).toEqual({ books: [{ id: '1', isbn: null }] })
      expect(seen.at(-1)?.errors?.[0]).toMatchObject({ path: ['books', 0, 'isbn'] })
    } finally {
      tree.unmount()
      await books.close()
    }
  })
})

describe('without an ApictlProvider', () => {
  it('useQuery throws an error naming ApictlProvider', async () => {
    const tree = renderTree(createElement(QueryProbe, { document: '{ itemCount }' }))
    try {
      await vi.waitFor(() => expect(tree.uncaught).toHaveLength(1))
      expect(String(tree.uncaught[0])).toContain(
        'useQuery() found no client: place <ApictlProvider client={createClient(…)}> once at the top of the tree',
      )
      expect(tree.container.textContent).toBe('')
    } finally {
      tree.unmount()
    }
  })
})
