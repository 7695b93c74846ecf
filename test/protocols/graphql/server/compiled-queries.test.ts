import { ApolloServer } from '@apollo/server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { typeDefs } from '../../../../src/protocols/graphql/schema/type-defs.js'
import { createCompiledQueries } from '../../../../src/protocols/graphql/server/compiled-queries-plugin.js'
import type { GraphqlContext } from '../../../../src/protocols/graphql/server/graphql-context.js'
import { ItemsDataSource } from '../../../../src/protocols/graphql/server/items-data-source.js'
import { resolvers } from '../../../../src/protocols/graphql/server/resolvers.js'
import {
  type StartedApolloServer,
  startApolloServer,
} from '../../../../src/protocols/graphql/server/start-apollo-server.js'
import { Store } from '../../../../src/server/kit/store.js'
import { loadSeed } from '../../../../src/server/reference/seed.js'
import { type RunningServer, startServer } from '../../../../src/server/reference/start-server.js'
import { query } from './graphql-http-client.js'

// One graphql, as in production (see graphql-queries.test.ts).
vi.mock('graphql', () => import('graphql/index.js'))

/**
 * Queries that come back run as graphql-jit code (compiled-queries-plugin.ts).
 * Each document runs three times: the first through graphql-js, the others
 * compiled; all three answers must be the same to the byte, errors included
 * (a compiled run with errors goes through graphql-js again).
 */
/** `interpreted`: documents compiled code would answer unlike graphql-js, or that cost too much to compile. */
const documents: { name: string; query: string; variables?: Record<string, unknown>; interpreted?: true }[] =
  [
    {
      name: 'a page with every scalar',
      query: '{ items(limit: 100) { id name description price quantity tags createdAt updatedAt } }',
    },
    {
      name: 'one item with its reviews',
      query: '{ item(id: "1") { id name reviews { id rating comment author } } }',
    },
    { name: 'an item that does not exist', query: '{ item(id: "nope") { id } }' },
    {
      name: 'aliases, __typename and a count',
      query:
        '{ a: item(id: "2") { __typename id } b: item(id: "3") { name } n: itemCount m: itemCount(tag: "office") }',
    },
    {
      name: 'fragments and inline fragments',
      query:
        'query Q { items(limit: 5, tag: "office") { ...F ... on Item { price quantity } } } fragment F on Item { id tags }',
    },
    {
      name: 'directives',
      query:
        'query Q($on: Boolean!) { items(limit: 5, tag: "office") { id ... on Item { price @include(if: $on) quantity @skip(if: $on) } } }',
      variables: { on: true },
      interpreted: true,
    },
    {
      name: 'variables with defaults, two operations in one document',
      query:
        'query First($limit: Int = 3) { items(limit: $limit) { id } } query Second($id: ID!) { item(id: $id) { name } }',
      variables: { limit: 4 },
    },
    { name: 'a refused page size (BAD_USER_INPUT)', query: '{ items(limit: 1000) { id } }' },
    {
      name: 'a variable that does not coerce',
      query: 'query($limit: Int) { items(limit: $limit) { id } }',
      variables: { limit: 'many' },
    },
    {
      name: 'aliases that name Object.prototype',
      query:
        '{ __proto__: item(id: "1") { id } constructor: item(id: "2") { __proto__: name toString: id hasOwnProperty: price } items(limit: 2) { __proto__: tags } }',
      interpreted: true,
    },
    {
      name: 'aliases that name Object.prototype, as variables',
      query:
        'query($__proto__: Int, $constructor: String) { items(limit: $__proto__, tag: $constructor) { id } }',
      variables: { ['__proto__']: 2, constructor: 'office' },
      interpreted: true,
    },
    {
      name: 'introspection',
      query:
        '{ __schema { queryType { name } types { name kind } } __type(name: "Item") { fields { name } } }',
      interpreted: true,
    },
  ]

describe('repeated queries in process (Apollo executeOperation)', () => {
  let started: StartedApolloServer
  let store: Store

  beforeAll(async () => {
    started = await startApolloServer('/graphql')
    store = new Store(await loadSeed())
  })
  afterAll(() => started.apollo.stop())

  const run = async (document: (typeof documents)[number], operationName?: string) => {
    const response = await started.apollo.executeOperation(
      { query: document.query, variables: document.variables, operationName },
      {
        contextValue: {
          dataSources: { items: new ItemsDataSource(store) },
          user: null,
          authProblem: 'none sent',
        },
      },
    )
    return JSON.stringify(response)
  }

  for (const document of documents) {
    it(`answers the same, compiled or not: ${document.name}`, async () => {
      const operationName = document.query.includes('query First') ? 'First' : undefined
      const before = started.compiledQueries.stats()
      const first = await run(document, operationName)
      const second = await run(document, operationName)
      const third = await run(document, operationName)
      expect(second).toBe(first)
      expect(third).toBe(first)
      const after = started.compiledQueries.stats()
      const failed = JSON.parse(first).body.singleResult.errors !== undefined
      if (document.interpreted) {
        expect(after).toEqual(before)
      } else if (failed) {
        // Compiled code met the same error and handed the operation back to graphql-js.
        expect(after.answered - before.answered).toBe(0)
      } else {
        expect(after.compiled - before.compiled).toBe(1)
        expect(after.answered - before.answered).toBe(2)
      }
    })
  }

  it('counts the operations of one document apart', async () => {
    const both = documents.find((document) => document.query.includes('query Second'))!
    const second = { ...both, variables: { id: '1' } }
    const before = started.compiledQueries.stats()
    const answers = [await run(second, 'Second'), await run(second, 'Second'), await run(second, 'Second')]
    expect(new Set(answers).size).toBe(1)
    expect(JSON.parse(answers[0]!).body.singleResult.data).toEqual({ item: { name: store.get('1')!.name } })
    expect(started.compiledQueries.stats().compiled - before.compiled).toBe(1)
  })

  it('leaves Object.prototype as it was', () => {
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('id')
    expect(({} as Record<string, unknown>).name).toBeUndefined()
    expect(({} as Record<string, unknown>).tags).toBeUndefined()
  })

  it('leaves a document of more than 120 fields to graphql-js', async () => {
    const wide = `{ ${Array.from({ length: 41 }, (_, index) => `a${index}: item(id: "${index}") { id name }`).join(' ')} }`
    const before = started.compiledQueries.stats()
    const answers = [await run({ name: 'wide', query: wide }), await run({ name: 'wide', query: wide })]
    expect(answers[1]).toBe(answers[0])
    expect(started.compiledQueries.stats()).toEqual(before)
  })

  it('compiles no more once its time budget is spent, and still answers', async () => {
    const budgeted = createCompiledQueries({ capacity: 0.001, perSecond: 0 })
    const apollo = new ApolloServer<GraphqlContext>({ typeDefs, resolvers, plugins: [budgeted.plugin] })
    await apollo.start()
    try {
      const contextValue = {
        dataSources: { items: new ItemsDataSource(store) },
        user: null,
        authProblem: 'none',
      }
      for (const query of ['{ item(id: "1") { id } }', '{ item(id: "2") { name } }']) {
        const answers = new Set<string>()
        for (let round = 0; round < 3; round++) {
          answers.add(JSON.stringify(await apollo.executeOperation({ query }, { contextValue })))
        }
        expect(answers.size).toBe(1)
      }
      expect(budgeted.stats()).toEqual({ compiled: 1, answered: 2, fellBack: 0 })
    } finally {
      await apollo.stop()
    }
  })

  it('never compiles a mutation', async () => {
    const before = started.compiledQueries.stats()
    const mutation = { name: 'mutation', query: 'mutation { deleteItem(id: "1") { id } }' }
    for (let round = 0; round < 3; round++) {
      const answer = JSON.parse(await run(mutation))
      expect(answer.body.singleResult.errors[0].extensions.code).toBe('UNAUTHENTICATED')
    }
    expect(started.compiledQueries.stats()).toEqual(before)
  })
})

describe('repeated queries over HTTP', () => {
  let server: RunningServer
  let endpoint: string

  beforeAll(async () => {
    server = await startServer({ port: 0 })
    endpoint = `${server.url}/graphql`
  })
  afterAll(() => server.close())

  it('sends the same bytes for the first answer and the compiled ones, and sees new writes', async () => {
    const page = '{ items(limit: 100) { id name price quantity tags reviews { rating } } }'
    const answers = [await query(endpoint, page), await query(endpoint, page), await query(endpoint, page)]
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200])
    expect(answers[1]!.text).toBe(answers[0]!.text)
    expect(answers[2]!.text).toBe(answers[0]!.text)
    await server.store.create({ name: 'Compiled later', price: 1, quantity: 1 })
    const later = await query(endpoint, page)
    expect(later.json.data.items.map((item: { name: string }) => item.name)).toContain('Compiled later')
  })
})
