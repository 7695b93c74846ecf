import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'graphql'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApictlClient, createClient } from '../../../../src/index.js'
import { isolatedEnv, runCli } from '../../../support/run-cli.js'
import { startTestServer, type TestServer } from '../../../support/test-server.js'
import { type StockApolloServer, startStockApolloServer } from './support/stock-apollo-server.js'

let server: StockApolloServer
let api: ApictlClient

beforeAll(async () => {
  server = await startStockApolloServer()
  api = createClient({ graphql: server.url, env: isolatedEnv(), headers: { 'X-Client': 'lib' } })
})
afterAll(async () => {
  await api.close()
  await server.close()
})

describe('createClient().query / .mutate resolve to { data, error }', () => {
  it('a query with variables', async () => {
    const { data, error, status } = await api.query<{ books: Array<{ title: string }> }>(
      'query Books($first: Int) { books(first: $first) { title } }',
      { variables: { first: 2 } },
    )
    expect(error).toBeUndefined()
    expect(status).toBe(200)
    expect(data).toEqual({ books: [{ title: 'Dune' }, { title: 'SPQR' }] })
    const sent = JSON.parse(server.requests.at(-1)!.body)
    expect(sent).toEqual({
      query: 'query Books($first: Int) { books(first: $first) { title } }',
      variables: { first: 2 },
      operationName: 'Books',
    })
    expect(server.requests.at(-1)!.headers['x-client']).toBe('lib')
  })

  it('GraphQL errors: partial data, the errors, and an error with exit code 4', async () => {
    const result = await api.query('{ books(first: 1) { id isbn } }')
    expect(result.data).toEqual({ books: [{ id: '1', isbn: null }] })
    expect(result.errors?.[0]).toMatchObject({
      message: 'The ISBN service is down.',
      path: ['books', 0, 'isbn'],
    })
    expect(result.errors?.[0]?.extensions?.code).toBe('ISBN_UNAVAILABLE')
    expect(result.error).toMatchObject({ message: 'The ISBN service is down.', exitCode: 4, status: 200 })
  })

  it('mutate() runs a mutation; a DocumentNode works as well as text', async () => {
    const { data, error } = await api.mutate<{ addBook: { title: string } }>(
      parse('mutation Add($input: BookInput!) { addBook(input: $input) { title } }'),
      { variables: { input: { title: 'Library book' } } },
    )
    expect(error).toBeUndefined()
    expect(data?.addBook.title).toBe('Library book')
  })

  it('usage errors resolve (exit code 2) and send nothing', async () => {
    const before = server.requests.length
    const wrongKind = await api.query('mutation { addBook(input: {title: "x"}) { id } }')
    expect(wrongKind.error).toMatchObject({ exitCode: 2, message: 'query() was given a mutation.' })
    const syntax = await api.query('{ books { id }')
    expect(syntax.error).toMatchObject({ exitCode: 2, where: 'document:1:15' })
    expect(syntax.error?.message).toMatch(/^Syntax Error: Expected Name, found <EOF>\./)
    expect(server.requests.length).toBe(before)
  })

  it('get: true sends a GET with the preflight header', async () => {
    const { data } = await api.query('{ bookCount }', { get: true })
    expect(data).toEqual({ bookCount: expect.any(Number) })
    const request = server.requests.at(-1)!
    expect(request.method).toBe('GET')
    expect(request.headers['apollo-require-preflight']).toBe('true')
  })

  it('network failures and non-GraphQL answers resolve with the CLI exit codes', async () => {
    const refused = createClient({ graphql: 'http://127.0.0.1:9/graphql', env: isolatedEnv() })
    expect((await refused.query('{ bookCount }')).error?.exitCode).toBe(3)
    const proxy: TestServer = await startTestServer((_request, response) => {
      response.writeHead(502, { 'content-type': 'text/html' })
      response.end('<title>Bad Gateway</title>')
    })
    try {
      const failing = createClient({ graphql: `${proxy.url}/graphql`, env: isolatedEnv() })
      const { data, error } = await failing.query('{ bookCount }')
      expect(data).toBeUndefined()
      expect(error?.exitCode).toBe(5)
      expect(error?.message).toContain(
        'HTTP 502 Bad Gateway with text/html ("Bad Gateway"), not a GraphQL response.',
      )
    } finally {
      await proxy.close()
    }
  })
})

describe('createClient().query / .mutate validate against the schema before sending, as apictl gql does', () => {
  const introspections = () =>
    server.requests.filter((request) => request.body.includes('IntrospectionQuery')).length

  it('a document the schema refuses is { error } with exit code 2, the message and where; nothing is sent', async () => {
    const env = isolatedEnv()
    const client = createClient({ graphql: server.url, env })
    const operations = server.operations().length
    const unknown = await client.query('{ nosuch }')
    expect(unknown.data).toBeUndefined()
    expect(unknown.error).toMatchObject({
      exitCode: 2,
      message: 'Cannot query field "nosuch" on type "Query".',
      where: 'document:1:3',
    })
    expect(unknown.error?.hint).toContain('validate: false')
    const wrongType = await client.query('query ($n: Int) { books(first: $n) { title } }', {
      variables: { n: '2' },
    })
    expect(wrongType.error).toMatchObject({ exitCode: 2 })
    expect(wrongType.error?.message).toContain('Int cannot represent non-integer value: "2"')
    const noSelection = await client.mutate('mutation { addBook(input: {title: "x"}) }')
    expect(noSelection.error?.exitCode).toBe(2)
    expect(server.operations().length).toBe(operations)
  })

  it('introspects once per client and keeps the schema in memory only (a client writes no disk cache)', async () => {
    const env = isolatedEnv()
    const before = introspections()
    const first = createClient({ graphql: server.url, env })
    const results = await Promise.all([
      first.query('{ bookCount }'),
      first.query('{ nosuch }'),
      first.query('{ books(first: 1) { title } }'),
    ])
    expect(results.map((result) => result.error?.exitCode)).toEqual([undefined, 2, undefined])
    expect(introspections()).toBe(before + 1)
    // Another client has its own memory; the CLI finds no cache the clients wrote, and writes its own.
    const second = createClient({ graphql: server.url, env })
    expect((await second.query('{ nosuch }')).error?.exitCode).toBe(2)
    expect(introspections()).toBe(before + 2)
    const cli = await runCli(['gql', '-e', server.url, '{ nosuch }'], { env })
    expect(cli.code).toBe(2)
    expect(introspections()).toBe(before + 3)
    expect((await runCli(['gql', '-e', server.url, '{ nosuch }'], { env })).stderr).toMatch(/cached at /)
    expect(introspections()).toBe(before + 3)
  })

  it('validate: false (per call or per client) sends the document unchecked, like --no-validate', async () => {
    const env = isolatedEnv()
    const before = introspections()
    const unchecked = createClient({ graphql: server.url, env, validate: false })
    const sent = await unchecked.query('{ nosuch }')
    expect(sent.error?.exitCode).toBe(4)
    expect(sent.errors?.[0]?.message).toContain('Cannot query field "nosuch"')
    const checked = createClient({ graphql: server.url, env })
    expect((await checked.query('{ nosuch }', { validate: false })).error?.exitCode).toBe(4)
    expect(introspections()).toBe(before)
  })

  it('against the embedded server too (introspected, not cached on disk)', async () => {
    const env = isolatedEnv()
    const local = createClient({ profile: 'local', env })
    try {
      const { data, error } = await local.query('{ nosuch }')
      expect(data).toBeUndefined()
      expect(error).toMatchObject({ exitCode: 2, message: 'Cannot query field "nosuch" on type "Query".' })
      expect((await local.query('{ itemCount }')).data).toEqual({ itemCount: expect.any(Number) })
      expect(existsSync(join(env.APICTL_CACHE_DIR!, 'schemas'))).toBe(false)
    } finally {
      await local.close()
    }
  })
})
