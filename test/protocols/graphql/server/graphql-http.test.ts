import { getIntrospectionQuery } from 'graphql'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type RunningServer, startServer } from '../../../../src/server/reference/start-server.js'
import { answerOf, postGraphql, query } from './graphql-http-client.js'

// One graphql, as in production: Vite would give these sources graphql's ESM build
// ("module"), while Apollo, loaded by Node, gets its CommonJS "main".
vi.mock('graphql', () => import('graphql/index.js'))

let server: RunningServer
let endpoint: string
/** What the server logs as failures (its stderr under apictl serve). */
const failures: string[] = []

beforeAll(async () => {
  server = await startServer({ port: 0, logError: (line) => failures.push(line) })
  endpoint = `${server.url}/graphql`
})
afterAll(() => server.close())

const graphqlResponse = 'application/graphql-response+json'

/** `{ __type(name: "Item") { ofType { … name } } }`: `count` + 2 fields deep. */
function ofTypeChain(count: number): string {
  let selection = 'name'
  for (let level = 0; level < count; level++) selection = `ofType { ${selection} }`
  return `{ __type(name: "Item") { ${selection} } }`
}

describe('documents that cannot run', () => {
  it('answers a validation failure without running it: GRAPHQL_VALIDATION_FAILED, 200 in application/json', async () => {
    const answer = await query(endpoint, '{ item(id: "1") { nmae } }')
    expect(answer.status).toBe(200)
    expect(answer.contentType).toBe('application/json; charset=utf-8')
    expect(answer.json.data).toBeUndefined()
    expect(answer.json.errors[0]).toMatchObject({
      message: 'Cannot query field "nmae" on type "Item". Did you mean "name"?',
      locations: [{ line: 1, column: 19 }],
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    })
  })

  it('answers 400 in application/graphql-response+json when the client accepts it', async () => {
    const answer = await query(endpoint, '{ item(id: "1") { nmae } }', undefined, { accept: graphqlResponse })
    expect(answer.status).toBe(400)
    expect(answer.contentType).toBe('application/graphql-response+json; charset=utf-8')
    expect(answer.json.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED')
    expect('data' in answer.json).toBe(false)
  })

  it('answers a syntax error as GRAPHQL_PARSE_FAILED', async () => {
    const answer = await query(endpoint, '{ item(id: "1") { name }')
    expect(answer.status).toBe(200)
    expect(answer.json.errors[0]).toMatchObject({
      message: 'Syntax Error: Expected Name, found <EOF>.',
      extensions: { code: 'GRAPHQL_PARSE_FAILED' },
    })
  })

  it('answers variables that do not coerce as BAD_USER_INPUT, before running anything', async () => {
    const answer = await query(endpoint, 'query($limit: Int) { items(limit: $limit) { id } }', { limit: '3' })
    expect(answer.status).toBe(200)
    expect(answer.json.data).toBeUndefined()
    expect(answer.json.errors[0].extensions.code).toBe('BAD_USER_INPUT')
    const strict = await query(
      endpoint,
      'query($limit: Int) { items(limit: $limit) { id } }',
      { limit: 1.5 },
      {
        accept: graphqlResponse,
      },
    )
    expect(strict.status).toBe(400)
  })

  it('refuses a document nested too deeply, before running it (depth limit)', async () => {
    // This schema's data is at most 4 deep, so the deep documents a client can send are
    // introspection ones (limit 20; depth-limit-rule.test.ts covers the limit of 12).
    const twenty = await query(endpoint, ofTypeChain(18))
    expect(twenty.json).toEqual({ data: { __type: { ofType: null } } })
    const deeper = await query(endpoint, ofTypeChain(19))
    expect(deeper.json).toEqual({
      errors: [
        {
          message: 'the operation nests introspection fields 21 deep; this server allows at most 20',
          locations: [{ line: 1, column: 1 }],
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
        },
      ],
    })
  })

  it('answers an absurdly nested document with an error, and keeps serving', async () => {
    const absurd = await query(endpoint, `${'{ a '.repeat(3000)}${'}'.repeat(3000)}`)
    expect(absurd.status).toBe(200)
    expect(absurd.json.data).toBeUndefined()
    expect(absurd.json.errors[0].extensions.code).toMatch(/^GRAPHQL_(PARSE|VALIDATION)_FAILED$/)
    const tokens = await query(endpoint, `{ itemCount ${'__typename '.repeat(10_000)}}`)
    expect(tokens.json.errors[0]).toMatchObject({
      message: 'Syntax Error: Document contains more that 10000 tokens. Parsing aborted.',
      extensions: { code: 'GRAPHQL_PARSE_FAILED' },
    })
    const after = await query(endpoint, '{ itemCount }')
    expect(after.json.data.itemCount).toBeGreaterThan(0)
  })

  it('runs the full standard introspection query, which is deeper than 12', async () => {
    const answer = await query(
      endpoint,
      getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, inputValueDeprecation: true }),
    )
    expect(answer.json.errors).toBeUndefined()
    expect(answer.json.data.__schema.queryType.name).toBe('Query')
  })
})

describe('GET', () => {
  const url = (document: string) => `${endpoint}?query=${encodeURIComponent(document)}`

  it('runs a query with the apollo-require-preflight header', async () => {
    const answer = await answerOf(
      await fetch(url('{ item(id: "1") { id } }'), { headers: { 'apollo-require-preflight': 'true' } }),
    )
    expect(answer.status).toBe(200)
    expect(answer.json).toEqual({ data: { item: { id: '1' } } })
  })

  it('takes variables and operationName from the query string', async () => {
    const target = `${url('query A($id: ID!) { item(id: $id) { id } } query B { itemCount }')}&operationName=A&variables=${encodeURIComponent('{"id":"2"}')}`
    const answer = await answerOf(await fetch(target, { headers: { 'apollo-require-preflight': 'true' } }))
    expect(answer.json).toEqual({ data: { item: { id: '2' } } })
  })

  it('blocks a GET without the preflight header (CSRF prevention), with a JSON error', async () => {
    const answer = await answerOf(await fetch(url('{ itemCount }')))
    expect(answer.status).toBe(400)
    expect(answer.contentType).toBe('application/json; charset=utf-8')
    expect(answer.json.errors[0].extensions.code).toBe('BAD_REQUEST')
    expect(answer.json.errors[0].message).toMatch(/Cross-Site Request Forgery/)
  })

  it('refuses a mutation over GET with 405 and Allow: POST, writing nothing', async () => {
    const before = server.store.count()
    const answer = await answerOf(
      await fetch(url('mutation { deleteItem(id: "1") { id } }'), {
        headers: { 'apollo-require-preflight': 'true', authorization: `Basic ${btoa('demo:demo')}` },
      }),
    )
    expect(answer.status).toBe(405)
    expect(answer.headers.get('allow')).toBe('POST')
    expect(answer.json.errors[0].message).toMatch(/GET requests only support query operations/)
    expect(server.store.count()).toBe(before)
  })

  it('answers HEAD as the GET would, without a body', async () => {
    const target = url('{ itemCount }')
    const headers = { 'apollo-require-preflight': '1' }
    const get = await fetch(target, { headers })
    const getText = await get.text()
    const head = await fetch(target, { method: 'HEAD', headers })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'))
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(getText)))
    expect(await head.text()).toBe('')
    // The same refusals too: no preflight header (CSRF prevention), a mutation.
    const blocked = await fetch(target, { method: 'HEAD' })
    expect(blocked.status).toBe(400)
    expect(await blocked.text()).toBe('')
    const mutation = await fetch(url('mutation { deleteItem(id: "1") { id } }'), { method: 'HEAD', headers })
    expect(mutation.status).toBe(405)
    expect(mutation.headers.get('allow')).toBe('POST')
    expect(server.store.get('1')).toBeDefined()
  })

  it('gives a browser a static page that loads nothing from the network', async () => {
    const answer = await answerOf(await fetch(endpoint, { headers: { accept: 'text/html' } }))
    expect(answer.status).toBe(200)
    expect(answer.contentType).toMatch(/^text\/html/)
    expect(answer.text).toContain('apictl gql')
    expect(answer.text).not.toMatch(/<script|https?:\/\//)
  })
})

describe('requests that are not GraphQL requests', () => {
  it('answers malformed JSON with a JSON error and 400, not an HTML page', async () => {
    for (const accept of ['application/json', graphqlResponse]) {
      const answer = await postGraphql(endpoint, '{"query": "{ itemCount }"', { accept })
      expect(answer.status).toBe(400)
      expect(answer.contentType).toBe(`${accept}; charset=utf-8`)
      expect(answer.json.errors[0].extensions.code).toBe('BAD_REQUEST')
      expect(answer.json.errors[0].message).toMatch(/^the request body is not valid JSON: /)
    }
    const empty = await postGraphql(endpoint, '')
    expect(empty.status).toBe(400)
    expect(empty.json.errors[0].message).toBe('the request body is not valid JSON: the body is empty')
  })

  it('refuses a body that is not JSON with 415, as problem+json', async () => {
    const answer = await answerOf(
      await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: '{ itemCount }',
      }),
    )
    expect(answer.status).toBe(415)
    expect(answer.contentType).toBe('application/problem+json; charset=utf-8')
    expect(answer.json).toMatchObject({ type: 'about:blank', title: 'Unsupported Media Type', status: 415 })
    expect(answer.json.detail).toMatch(/Content-Type: application\/json/)
    const latin1 = await postGraphql(
      endpoint,
      { query: '{ itemCount }' },
      { 'content-type': 'application/json; charset=latin1' },
    )
    expect(latin1.status).toBe(415)
    const utf8 = await postGraphql(
      endpoint,
      { query: '{ itemCount }' },
      { 'content-type': 'application/json; charset=UTF-8' },
    )
    expect(utf8.status).toBe(200)
  })

  it('refuses a body over 1 MiB with 413', async () => {
    const answer = await postGraphql(endpoint, { query: `{ itemCount } # ${'x'.repeat(1024 * 1024)}` })
    expect(answer.status).toBe(413)
    expect(answer.json.errors[0].message).toBe('the request body is larger than 1048576 bytes')
  })

  it('answers a request without a query as 400', async () => {
    const answer = await postGraphql(endpoint, { qeury: '{ itemCount }' })
    expect(answer.status).toBe(400)
    expect(answer.json.errors[0].extensions.code).toBe('BAD_REQUEST')
  })

  it('answers OPTIONS with Allow, and other methods with 405 as problem+json', async () => {
    const options = await fetch(endpoint, { method: 'OPTIONS' })
    expect(options.status).toBe(204)
    expect(options.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS')
    const put = await answerOf(await fetch(endpoint, { method: 'PUT', body: '{}' }))
    expect(put.status).toBe(405)
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS')
    expect(put.contentType).toBe('application/problem+json; charset=utf-8')
    expect(put.json).toMatchObject({ title: 'Method Not Allowed', status: 405 })
    expect(put.json.detail).toMatch(/^PUT is not allowed on \/graphql/)
  })

  it('answers 404 below /graphql, as problem+json', async () => {
    const answer = await postGraphql(`${endpoint}/extra`, { query: '{ itemCount }' })
    expect(answer.status).toBe(404)
    expect(answer.contentType).toBe('application/problem+json; charset=utf-8')
    expect(answer.json.detail).toBe('there is nothing at /graphql/extra; GraphQL is at /graphql')
  })
})

describe('a subscription sent over plain HTTP', () => {
  it('is a request error pointing to graphql-ws, 400 with BAD_REQUEST, and nothing in the failure log', async () => {
    const document = 'subscription { itemChanged { type } }'
    for (const accept of ['application/json', graphqlResponse]) {
      const answer = await query(endpoint, document, undefined, { accept })
      expect(answer.status).toBe(400)
      expect(answer.contentType).toBe(`${accept}; charset=utf-8`)
      expect(answer.json.data).toBeUndefined()
      expect(answer.json.errors).toHaveLength(1)
      expect(answer.json.errors[0].extensions).toEqual({ code: 'BAD_REQUEST' })
      expect(answer.json.errors[0].message).toMatch(
        /not served over plain HTTP.*WebSocket to \/graphql \(graphql-ws/,
      )
    }
    const named = await postGraphql(endpoint, {
      query: 'query Q { itemCount } subscription S { itemChanged { type } }',
      operationName: 'S',
    })
    expect(named.status).toBe(400)
    expect(named.json.errors[0].extensions.code).toBe('BAD_REQUEST')
    // A GET is refused earlier, as Apollo refuses every non-query over GET.
    const get = await fetch(`${endpoint}?query=${encodeURIComponent(document)}`, {
      headers: { 'apollo-require-preflight': '1' },
    })
    expect(get.status).toBe(405)
    expect(failures).toEqual([])
  })
})
