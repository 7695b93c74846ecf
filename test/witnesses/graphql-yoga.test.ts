// graphql-yoga (the devDependency), unmodified, serving a small schema at /graphql on node:http,
// with subscriptions over graphql-ws wired as yoga's documentation shows: apictl gql validates
// against it (by introspection), sends variables, exits 4 on its errors, and subscribes.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { useServer } from 'graphql-ws/use/ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocketServer } from 'ws'
import { isolatedEnv } from '../support/run-cli.js'
import { runCliInProcess } from '../support/run-cli-in-process.js'
import { sayWhySkipped } from '../support/stock-process.js'

type Yoga = typeof import('graphql-yoga')
let yogaModule: Yoga | undefined
try {
  yogaModule = await import('graphql-yoga')
} catch {
  yogaModule = undefined
}
const missing = yogaModule === undefined ? 'graphql-yoga is not installed (npm ci installs it)' : undefined
sayWhySkipped('graphql-yoga', missing)

const typeDefs = /* GraphQL */ `
  type Query {
    hello(name: String!): String!
    add(a: Int!, b: Int!): Int!
    refused: String
  }
  type Subscription {
    countdown(from: Int!): Int!
  }
`

describe.skipIf(missing !== undefined)('graphql-yoga as a witness', () => {
  let server: Server
  let sockets: WebSocketServer
  let url: string
  /** Operations yoga was asked over HTTP, introspection left out. */
  const operations: string[] = []
  const env = isolatedEnv()

  beforeAll(async () => {
    // yoga's own createGraphQLError: an error of its graphql copy is shown, not masked
    const { createGraphQLError, createSchema, createYoga } = yogaModule!
    const yoga = createYoga({
      schema: createSchema({
        typeDefs,
        resolvers: {
          Query: {
            hello: (_: unknown, { name }: { name: string }) => `Hello, ${name}`,
            add: (_: unknown, { a, b }: { a: number; b: number }) => a + b,
            refused: () => {
              throw createGraphQLError('not for you', { extensions: { code: 'FORBIDDEN' } })
            },
          },
          Subscription: {
            countdown: {
              subscribe: async function* (_: unknown, { from }: { from: number }) {
                for (let n = from; n > 0; n--) yield n
              },
              resolve: (n: number) => n,
            },
          },
        },
      }),
      graphiql: false,
      landingPage: false,
    })
    server = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => {
        body += chunk
      })
      request.on('end', () => {
        if (!body.includes('__schema')) operations.push(body)
      })
      yoga(request, response)
    })
    sockets = new WebSocketServer({ server, path: yoga.graphqlEndpoint })
    useServer(
      {
        execute: (args) => (args.rootValue as { execute: typeof import('graphql').execute }).execute(args),
        subscribe: (args) =>
          (args.rootValue as { subscribe: typeof import('graphql').subscribe }).subscribe(args),
        onSubscribe: async (context, _id, params) => {
          const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
            ...context,
            req: context.extra.request,
            socket: context.extra.socket,
            params,
          })
          const args = {
            schema,
            operationName: params.operationName,
            document: parse(params.query),
            variableValues: params.variables,
            contextValue: await contextFactory(),
            rootValue: { execute, subscribe },
          }
          const errors = validate(args.schema, args.document)
          return errors.length > 0 ? errors : args
        },
      },
      sockets,
    )
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`
    // Introspect once (apictl caches it per endpoint): the cases below then send only their operation.
    const schema = await runCliInProcess(['gql', 'schema', '-e', url], { env })
    expect(schema.code, schema.stderr).toBe(0)
    expect(schema.stdout).toContain('countdown(from: Int!): Int!')
  })
  afterAll(async () => {
    for (const client of sockets?.clients ?? []) client.terminate()
    await new Promise((resolve) => sockets?.close(resolve))
    server?.closeAllConnections()
    await new Promise((resolve) => server?.close(resolve))
  })

  const gql = (...args: string[]) => runCliInProcess(['gql', ...args, '-e', url], { env })

  it('a query with typed variables (--var coerced by the declared type)', async () => {
    const result = await gql(
      'query Sum($a: Int!, $b: Int!) { add(a: $a, b: $b) }',
      '--var',
      'a=2',
      '--var',
      'b=40',
    )
    expect(result.code, result.stderr).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual({ add: 42 })
    expect(JSON.parse(operations.at(-1)!)).toMatchObject({ variables: { a: 2, b: 40 } })
  })

  it('validation against its schema: exit 2, nothing sent', async () => {
    const before = operations.length
    const unknown = await gql('{ helo(name: "x") }')
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('Cannot query field "helo" on type "Query". Did you mean "hello"?')
    const wrongType = await gql('query ($a: Int!) { add(a: $a, b: 1) }', '--var', 'a=1.5')
    expect(wrongType.code).toBe(2)
    expect(operations.length).toBe(before)
  })

  it('its errors: exit 4, the message and code on stderr, the partial data on stdout', async () => {
    const result = await gql('{ hello(name: "Ann") refused }')
    expect(result.code).toBe(4)
    expect(JSON.parse(result.stdout)).toEqual({ hello: 'Hello, Ann', refused: null })
    expect(result.stderr).toContain('not for you')
    expect(result.stderr).toContain('FORBIDDEN')
  })

  it('a subscription over graphql-ws: each event, then the end when yoga completes it', async () => {
    const result = await gql('subscribe', 'subscription { countdown(from: 3) }', '-o', 'json')
    expect(result.code, result.stderr).toBe(0)
    expect(
      result.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([{ data: { countdown: 3 } }, { data: { countdown: 2 } }, { data: { countdown: 1 } }])
  })
})
