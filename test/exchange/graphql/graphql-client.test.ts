import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { buildSchema, introspectionFromSchema } from 'graphql'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BufferSink, type Context } from '../../../src/core/context.js'
import type { CommonOptions } from '../../../src/core/request-options.js'
import { GraphQLClient } from '../../../src/exchange/graphql/graphql-client.js'
import type { OperationType } from '../../../src/exchange/graphql/graphql-settings.js'
import type { Target } from '../../../src/exchange/target.js'
import { LIBRARY_SDL } from '../../protocols/graphql/client/support/library-schema.js'
import {
  type StockApolloServer,
  startStockApolloServer,
} from '../../protocols/graphql/client/support/stock-apollo-server.js'
import { tempDir } from '../../support/temp-dir.js'
import { json, startTestServer, type TestServer } from '../../support/test-server.js'

const common: CommonOptions = {
  headers: [],
  retry: 0,
  insecure: false,
  verbose: false,
  dryRun: false,
  curl: false,
}
const words = { noEndpoint: () => 'Give one.' }

let server: StockApolloServer
beforeAll(async () => {
  server = await startStockApolloServer()
})
afterAll(async () => {
  await server.close()
})

/** A context with its own, empty cache dir. */
function freshContext(): Context {
  const home = tempDir('apictl-graphql-client-')
  return {
    stdout: new BufferSink(),
    stderr: new BufferSink(),
    stdin: process.stdin,
    env: {
      HOME: home,
      APICTL_CONFIG_DIR: join(home, 'config'),
      APICTL_CACHE_DIR: join(home, 'cache'),
      APICTL_DATA_DIR: join(home, 'data'),
    },
    cwd: home,
  }
}

function targetOf(graphql: string, builtin = false): Target {
  return { profileName: 'test', builtin, graphql, profile: {}, close: async () => {} }
}

const introspections = () =>
  server.requests.filter((request) => request.body.includes('IntrospectionQuery')).length

describe('the cache policy', () => {
  it('memory (a REPL session, a library client): one introspection per endpoint for the client’s life', async () => {
    const before = introspections()
    const client = new GraphQLClient({
      target: targetOf(server.url),
      ctx: freshContext(),
      cache: 'disk+memory',
      words,
    })
    await client.schema({ common })
    await client.check({ text: '{ bookCount }', name: 'query' }, { common, validate: true })
    await client.schema({ common })
    expect(introspections()).toBe(before + 1)
    await client.schema({ common, refresh: true })
    expect(introspections()).toBe(before + 2)
  })

  it('disk only (a CLI run): the next client reads the cached copy, and sends nothing for it', async () => {
    const ctx = freshContext()
    const before = introspections()
    const first = new GraphQLClient({ target: targetOf(server.url), ctx, cache: 'disk', words })
    expect((await first.schema({ common }))?.origin).toBe('introspection')
    const second = new GraphQLClient({ target: targetOf(server.url), ctx, cache: 'disk', words })
    expect((await second.schema({ common }))?.origin).toBe('cache')
    expect((await second.schema({ common }))?.origin).toBe('cache')
    expect(introspections()).toBe(before + 1)
  })

  it("the embedded server's own endpoint is asked for each time and never cached; one given with the call is", async () => {
    const ctx = freshContext()
    const before = introspections()
    const client = new GraphQLClient({ target: targetOf(server.url, true), ctx, cache: 'disk', words })
    expect((await client.schema({ common }))?.origin).toBe('introspection')
    expect((await client.schema({ common }))?.origin).toBe('introspection')
    expect(introspections()).toBe(before + 2)
    expect(existsSync(join(ctx.env.APICTL_CACHE_DIR!, 'schemas'))).toBe(false)
    const other = `${server.url}?tenant=b`
    expect((await client.schema({ common, endpoint: other }))?.origin).toBe('introspection')
    expect((await client.schema({ common, endpoint: other }))?.origin).toBe('cache')
    expect(existsSync(join(ctx.env.APICTL_CACHE_DIR!, 'schemas'))).toBe(true)
  })

  it('offline (--dry-run, --curl): only the cache answers; nothing is sent', async () => {
    const before = server.requests.length
    const client = new GraphQLClient({
      target: targetOf(server.url),
      ctx: freshContext(),
      cache: 'disk',
      offline: true,
      words,
    })
    expect(await client.schema({ common })).toBeUndefined()
    expect(server.requests.length).toBe(before)
  })

  it('a failed load is not kept: the next call loads again', async () => {
    const introspection = introspectionFromSchema(buildSchema(LIBRARY_SDL))
    const flaky: TestServer = await startTestServer((_request, response, index) =>
      index === 0
        ? json(response, 503, { errors: [{ message: 'warming up' }] })
        : json(response, 200, { data: introspection }),
    )
    try {
      const client = new GraphQLClient({
        target: targetOf(flaky.url),
        ctx: freshContext(),
        cache: 'disk+memory',
        words,
      })
      await expect(client.schema({ common })).rejects.toMatchObject({ exitCode: 5 })
      expect((await client.schema({ common }))?.origin).toBe('introspection')
      expect((await client.schema({ common }))?.origin).toBe('introspection')
      expect(flaky.received).toHaveLength(2)
    } finally {
      await flaky.close()
    }
  })
})

describe('the order of the checks', () => {
  const refuseSubscriptions = (type: OperationType) => {
    if (type === 'subscription') throw new Error('no subscriptions here')
  }

  it("the call's rule on the operation type and --get come before the schema: nothing is sent", async () => {
    const before = server.requests.length
    const client = new GraphQLClient({
      target: targetOf(server.url),
      ctx: freshContext(),
      cache: 'disk',
      words,
    })
    await expect(
      client.check(
        { text: 'subscription { bookAdded { id } }', name: 'query' },
        { common, validate: true, accepts: refuseSubscriptions },
      ),
    ).rejects.toThrow('no subscriptions here')
    await expect(
      client.check(
        { text: 'mutation { addBook(input: {title: "X"}) { id } }', name: 'query' },
        { common, validate: true, get: true },
      ),
    ).rejects.toThrow('--get sends queries only')
    expect(server.requests.length).toBe(before)
  })

  it('then --var as far as the document tells (before the target is opened), then the schema', async () => {
    let opened = 0
    const client = new GraphQLClient({
      target: async () => {
        opened++
        return targetOf(server.url)
      },
      ctx: freshContext(),
      cache: 'disk+memory',
      words,
    })
    const before = server.requests.length
    for (const [variable, message] of [
      ['n=abc', '"abc" is not an Int'],
      ['n', 'expected name=value'],
      ['m=1', 'declares no variable $m'],
    ]) {
      await expect(
        client.check(
          { text: 'query ($n: Int) { books(first: $n) { titel } }', name: 'query' },
          { common, validate: true, variableOptions: [variable!] },
        ),
      ).rejects.toThrow(message)
    }
    expect(opened).toBe(0)
    expect(server.requests.length).toBe(before)
    await expect(
      client.check(
        { text: 'query ($n: Int) { books(first: $n) { titel } }', name: 'query' },
        { common, validate: true, variableOptions: ['n=2'] },
      ),
    ).rejects.toThrow('Cannot query field "titel"')
    expect(opened).toBe(1)
  })
})

describe('prepare is pure, and what is sent is what it prepared', () => {
  it('the same request every time, sent as it is', async () => {
    const client = new GraphQLClient({
      target: targetOf(server.url),
      ctx: freshContext(),
      cache: 'disk+memory',
      words,
    })
    const settings = {
      common: { ...common, headers: [['X-Trace', 't1']] as Array<[string, string]> },
      validate: true,
      variableOptions: ['n=2'],
    }
    const checked = await client.check(
      { text: 'query B($n: Int) { books(first: $n) { id } }', name: 'q' },
      settings,
    )
    const before = server.requests.length
    const prepared = client.prepare(checked)
    expect(client.prepare(checked)).toEqual(prepared)
    expect(server.requests.length).toBe(before)
    const result = await client.send(prepared, settings)
    expect(result).toMatchObject({ exitCode: 0, data: { books: [{ id: '1' }, { id: '2' }] } })
    const received = server.requests.at(-1)!
    expect(received.body).toBe(prepared.request.body)
    expect(received.headers['x-trace']).toBe('t1')
  })

  it("a subscription's upgrade carries the same headers, and its message the same document", async () => {
    const client = new GraphQLClient({
      target: targetOf(server.url),
      ctx: freshContext(),
      cache: 'disk+memory',
      words,
    })
    const checked = await client.check(
      { text: 'subscription S { bookAdded { id } }', name: 'q' },
      { common: { ...common, token: 't0k' }, validate: true, get: true },
    )
    const prepared = client.prepareSubscription(checked)
    expect(prepared.url).toBe(server.url.replace('http:', 'ws:'))
    expect(prepared.headers).toMatchObject({ Authorization: 'Bearer t0k', 'User-Agent': expect.any(String) })
    expect(Object.keys(prepared.headers).map((name) => name.toLowerCase())).not.toContain('content-type')
    expect(prepared.payload).toEqual({ query: 'subscription S { bookAdded { id } }', operationName: 'S' })
  })
})
