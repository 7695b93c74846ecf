import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildClientSchema, buildSchema, type IntrospectionQuery, printSchema } from 'graphql'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isolatedEnv } from '../../../support/run-cli.js'
import { runCliInProcess } from '../../../support/run-cli-in-process.js'
import { json, startTestServer } from '../../../support/test-server.js'
import { LIBRARY_SDL } from './support/library-schema.js'
import {
  type RecordedRequest,
  type StockApolloServer,
  startStockApolloServer,
} from './support/stock-apollo-server.js'

let server: StockApolloServer
let env: Record<string, string | undefined>

beforeAll(async () => {
  server = await startStockApolloServer()
  env = isolatedEnv()
})
afterAll(() => server.close())

const gql = (args: string[]) => runCliInProcess(['gql', ...args, '-e', server.url], { env })

/** The variables of the last operation the server received (POST body or GET parameters). */
function lastOperation(): { request: RecordedRequest; variables?: unknown; operationName?: string | null } {
  const request = server.operations().at(-1)!
  if (request.method === 'GET') {
    const params = new URL(request.url, 'http://x').searchParams
    return {
      request,
      variables: JSON.parse(params.get('variables') ?? 'null'),
      operationName: params.get('operationName'),
    }
  }
  const body = JSON.parse(request.body) as { variables?: unknown; operationName?: string }
  return { request, ...body }
}

describe('gql against a stock Apollo server', () => {
  it('prints data, pretty; the first run fetches and caches the schema, the next sends only the query', async () => {
    const first = await gql(['{ books(first: 2) { id title } }'])
    expect(first.code, first.stderr).toBe(0)
    expect(JSON.parse(first.stdout)).toEqual({
      books: [
        { id: '1', title: 'Dune' },
        { id: '2', title: 'SPQR' },
      ],
    })
    const before = server.requests.length
    const second = await gql(['{ bookCount }'])
    expect(second.code).toBe(0)
    expect(JSON.parse(second.stdout)).toEqual({ bookCount: 3 })
    expect(server.requests.length).toBe(before + 1)
  })

  it('-o json prints the whole response object; -o table the first list under data', async () => {
    const json = await gql(['{ bookCount }', '-o', 'json'])
    expect(JSON.parse(json.stdout)).toEqual({ data: { bookCount: 3 } })
    const table = await gql(['{ books(first: 2) { id title author { name } } }', '-o', 'table'])
    expect(table.code).toBe(0)
    expect(table.stdout).toMatch(/│ id\s+│ title\s+│ author\s+│/)
    expect(table.stdout).toMatch(/│ 2\s+│ SPQR\s+│ \{"name":"Mary Beard"\}\s+│/)
  })

  it('--var values arrive coerced by their declared types', async () => {
    const document = `query Echo($text: String, $count: Int, $ratio: Float, $flag: Boolean, $ids: [ID!], $genre: Genre, $filter: BookFilter) {
      echo(text: $text, count: $count, ratio: $ratio, flag: $flag, ids: $ids, genre: $genre, filter: $filter) {
        text count ratio flag ids genre filter
      }
    }`
    const result = await gql([
      document,
      ...['--var', 'text=42', '--var', 'count=-7', '--var', 'ratio=2.5', '--var', 'flag=false'],
      ...['--var', 'ids=["1","2"]', '--var', 'genre=HISTORY', '--var', 'filter={"minYear": 1970}'],
    ])
    expect(result.code, result.stderr).toBe(0)
    const sent = lastOperation()
    expect(sent.variables).toEqual({
      text: '42',
      count: -7,
      ratio: 2.5,
      flag: false,
      ids: ['1', '2'],
      genre: 'HISTORY',
      filter: { minYear: 1970 },
    })
    expect(sent.operationName).toBe('Echo')
    expect(JSON.parse(result.stdout).echo).toEqual({
      text: '42',
      count: -7,
      ratio: 2.5,
      flag: false,
      ids: ['1', '2'],
      genre: 'HISTORY',
      filter: '{"minYear":1970}',
    })
  })

  it('--variables @file, with --var taking precedence', async () => {
    const file = join(env.HOME!, 'vars.json')
    writeFileSync(file, '{"first": 1, "genre": "SCIENCE"}')
    const result = await gql([
      'query ($first: Int, $genre: Genre) { books(first: $first, genre: $genre) { title } }',
      '--variables',
      `@${file}`,
      '--var',
      'first=2',
    ])
    expect(result.code, result.stderr).toBe(0)
    expect(lastOperation().variables).toEqual({ first: 2, genre: 'SCIENCE' })
    expect(JSON.parse(result.stdout)).toEqual({ books: [{ title: 'Cosmos' }] })
  })

  it('a resolver error: exit 4, partial data on stdout, the error with path, code and caret on stderr', async () => {
    const document = '{ books(first: 2) { id isbn } }'
    const result = await gql([document])
    expect(result.code).toBe(4)
    expect(JSON.parse(result.stdout)).toEqual({
      books: [
        { id: '1', isbn: null },
        { id: '2', isbn: null },
      ],
    })
    expect(result.stderr).toContain('error: The ISBN service is down. (×2)')
    expect(result.stderr).toContain('path:  books[0].isbn, books[1].isbn')
    expect(result.stderr).toContain('code:  ISBN_UNAVAILABLE')
    expect(result.stderr).toContain(`at:    query:1:${document.indexOf('isbn') + 1}`)
    expect(result.stderr).toContain(`    1 | ${document}\n      | ${' '.repeat(document.indexOf('isbn'))}^`)
  })

  it('--get sends a GET with URL parameters and apollo-require-preflight, which Apollo accepts', async () => {
    const result = await gql(['query Count { bookCount }', '--get'])
    expect(result.code, result.stderr).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual({ bookCount: 3 })
    const { request } = lastOperation()
    expect(request.method).toBe('GET')
    expect(request.headers['apollo-require-preflight']).toBe('true')
    expect(request.body).toBe('')
    const params = new URL(request.url, 'http://x').searchParams
    expect(params.get('query')).toBe('query Count { bookCount }')
    expect(params.get('operationName')).toBe('Count')
  })

  it("without the preflight header Apollo's CSRF protection refuses the GET: exit 4 with its message", async () => {
    const result = await gql(['{ bookCount }', '--get', '-H', 'apollo-require-preflight:'])
    expect(result.code).toBe(4)
    expect(lastOperation().request.headers['apollo-require-preflight']).toBeUndefined()
    expect(result.stderr).toMatch(/HTTP\/1\.1 400/)
    expect(result.stderr).toMatch(/CSRF/)
  })

  it('--operation picks one of several operations and sends its name', async () => {
    const result = await gql(['query A { bookCount } query B { now }', '--operation', 'B'])
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual({ now: '1970-01-01T00:00:00.000Z' })
    expect(lastOperation().operationName).toBe('B')
  })

  it('headers and credentials reach the server', async () => {
    const result = await gql(['{ bookCount }', '-H', 'X-Trace: t-9', '--user', 'demo:demo'])
    expect(result.code).toBe(0)
    const { request } = lastOperation()
    expect(request.headers['x-trace']).toBe('t-9')
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from('demo:demo').toString('base64')}`)
    expect(request.headers['user-agent']).toMatch(/^apictl\//)
  })

  it('a mutation runs, and the document can come from stdin', async () => {
    const result = await runCliInProcess(['gql', '-e', server.url], {
      env,
      input: 'mutation { addBook(input: {title: "Piranesi", genre: FICTION, year: 2020}) { id title year } }',
    })
    expect(result.code, result.stderr).toBe(0)
    expect(JSON.parse(result.stdout).addBook).toMatchObject({ title: 'Piranesi', year: 2020 })
  })

  it('--no-validate sends even what the schema rejects; the server answers 400 with GraphQL errors: exit 4', async () => {
    const before = server.operations().length
    const result = await gql(['{ books { id titel } }', '--no-validate'])
    expect(server.operations().length).toBe(before + 1)
    expect(result.code).toBe(4)
    expect(result.stderr).toContain('HTTP/1.1 400')
    expect(result.stderr).toContain('Cannot query field "titel" on type "Book".')
    expect(result.stderr).toContain('code:  GRAPHQL_VALIDATION_FAILED')
  })

  it('--schema FILE validates against local SDL without introspecting', async () => {
    const file = join(env.HOME!, 'library.graphql')
    writeFileSync(file, LIBRARY_SDL)
    const fresh = isolatedEnv()
    const before = server.requests.length
    const bad = await runCliInProcess(['gql', '{ bookz }', '--schema', file, '-e', server.url], {
      env: fresh,
    })
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/Cannot query field "bookz" on type "Query"\. Did you mean .*"books"/)
    expect(bad.stderr).toContain(`Checked against --schema ${file}.`)
    const good = await runCliInProcess(['gql', '{ bookCount }', '--schema', file, '-e', server.url], {
      env: fresh,
    })
    expect(good.code).toBe(0)
    expect(server.requests.length).toBe(before + 1)
  })
})

describe('gql schema', () => {
  it('prints SDL with descriptions that parses back to the same schema', async () => {
    const result = await runCliInProcess(['gql', 'schema', '-e', server.url], { env: isolatedEnv() })
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toContain('"""A book on the shelf."""\ntype Book {')
    expect(printSchema(buildSchema(result.stdout))).toBe(printSchema(buildSchema(LIBRARY_SDL)))
  })

  it('-o json prints the introspection result; --refresh fetches again, else the cache answers', async () => {
    const fresh = isolatedEnv()
    const before = server.requests.length
    const json = await runCliInProcess(['gql', 'schema', '-e', server.url, '-o', 'json'], { env: fresh })
    expect(json.code).toBe(0)
    const schema = buildClientSchema(JSON.parse(json.stdout) as IntrospectionQuery)
    expect(printSchema(schema)).toBe(printSchema(buildSchema(LIBRARY_SDL)))
    expect(server.requests.length).toBe(before + 1)
    const cached = await runCliInProcess(['gql', 'schema', '-e', server.url], { env: fresh })
    expect(cached.code).toBe(0)
    expect(server.requests.length).toBe(before + 1)
    const refreshed = await runCliInProcess(['gql', 'schema', '--refresh', '-e', server.url], { env: fresh })
    expect(refreshed.code).toBe(0)
    expect(refreshed.stderr).toContain(`refreshed the schema of ${server.url}`)
    expect(server.requests.length).toBe(before + 2)
  })
})

describe('gql input forms', () => {
  it('-f - reads the document from stdin', async () => {
    const result = await runCliInProcess(['gql', '-f', '-', '-e', server.url], {
      env,
      input: '{ books(first: 1) { id } }',
    })
    expect(result.code, result.stderr).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual({ books: [{ id: '1' }] })
  })

  it('a missing -f file is named in words, with what to try', async () => {
    const result = await gql(['-f', 'no-such-file.graphql'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('Cannot read -f no-such-file.graphql: no such file.')
    expect(result.stderr).toMatch(/try: .*-f - reads the document from stdin/)
  })

  it('--var: one value for a list variable is a list of one; null for a nullable Int', async () => {
    const result = await gql([
      'query ($ids: [ID!], $count: Int) { echo(ids: $ids, count: $count) { ids count } }',
      '--var',
      'ids=7',
      '--var',
      'count=null',
    ])
    expect(result.code, result.stderr).toBe(0)
    expect(lastOperation().variables).toEqual({ ids: ['7'], count: null })
  })

  it('--variables naming a variable the operation does not declare: sent, with a warning', async () => {
    const result = await gql([
      'query ($count: Int) { echo(count: $count) { count } }',
      '--variables',
      '{"count": 2, "zzz": 1}',
    ])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toContain('warning: --variables gives $zzz, which the operation does not declare')
    expect(lastOperation().variables).toEqual({ count: 2, zzz: 1 })
  })

  it('gql subscribe refuses --get (subscriptions run over graphql-ws); nothing is sent', async () => {
    const before = server.requests.length
    const result = await gql(['subscribe', 'subscription { bookAdded { id } }', '--get'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('--get does not apply to gql subscribe')
    expect(server.requests.length).toBe(before)
  })
})

describe('gql validate with --schema FILE needs no server', () => {
  it('validates offline: no embedded server is started, nothing is sent', async () => {
    const folder = isolatedEnv()
    const schemaFile = join(folder.HOME!, 'library.graphql')
    writeFileSync(schemaFile, LIBRARY_SDL)
    const valid = await runCliInProcess(['gql', 'validate', '{ bookCount }', '--schema', schemaFile], {
      env: folder,
    })
    expect(valid.code, valid.stderr).toBe(0)
    expect(valid.stderr).not.toContain('started the built-in reference server')
    const invalid = await runCliInProcess(['gql', 'validate', '{ bookCont }', '--schema', schemaFile], {
      env: folder,
    })
    expect(invalid.code).toBe(2)
    expect(invalid.stderr).toMatch(/Cannot query field "bookCont" .*Did you mean "bookCount"/)
  })

  it('says nothing about profiles: "valid" alone on stderr', async () => {
    const folder = isolatedEnv()
    const schemaFile = join(folder.HOME!, 'library.graphql')
    writeFileSync(schemaFile, LIBRARY_SDL)
    const valid = await runCliInProcess(['gql', 'validate', '{ bookCount }', '--schema', schemaFile], {
      env: folder,
    })
    expect(valid.stderr).toBe(`valid: anonymous query in query; checked against --schema ${schemaFile}\n`)
  })

  it("a schema that fails graphql-js's SDL check (a field defined twice, as GitHub's published one): a warning naming it, and validation goes on", async () => {
    const folder = isolatedEnv()
    const schemaFile = join(folder.HOME!, 'published.graphql')
    writeFileSync(
      schemaFile,
      [
        'type Query {',
        '  viewer: User',
        '}',
        'type User {',
        '  login: String!',
        '  name: String',
        '  name: String',
        '}',
      ].join('\n'),
    )
    const warning = [
      `warning: --schema ${schemaFile} fails graphql-js's schema checks; loaded as published, validation goes on:`,
      '  - Field "User.name" can only be defined once. (lines 6 and 7)',
      '',
    ].join('\n')
    const valid = await runCliInProcess(
      ['gql', 'validate', '{ viewer { login name } }', '--schema', schemaFile],
      {
        env: folder,
      },
    )
    expect(valid.code, valid.stderr).toBe(0)
    expect(valid.stderr).toBe(
      `${warning}valid: anonymous query in query; checked against --schema ${schemaFile}\n`,
    )
    const invalid = await runCliInProcess(['gql', 'validate', '{ viewer { nam } }', '--schema', schemaFile], {
      env: folder,
    })
    expect(invalid.code).toBe(2)
    expect(invalid.stderr).toContain(warning)
    expect(invalid.stderr).toMatch(/Cannot query field "nam" on type "User"\. Did you mean "name"\?/)
  })

  it('a schema whose types break the rules (an interface field not provided): loaded with a warning too', async () => {
    const folder = isolatedEnv()
    const schemaFile = join(folder.HOME!, 'loose.graphql')
    writeFileSync(
      schemaFile,
      'interface Node { id: ID! }\ntype Query { a: A }\ntype A implements Node { x: Int }\n',
    )
    const result = await runCliInProcess(['gql', 'validate', '{ a { x } }', '--schema', schemaFile], {
      env: folder,
    })
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toContain(
      '  - Interface field Node.id expected but A does not provide it. (lines 1 and 3)',
    )
  })
})

describe('a response with data null and no errors', () => {
  it('prints null (not nothing) and exits 0', async () => {
    const nulled = await startTestServer((_request, response) => json(response, 200, { data: null }))
    try {
      const result = await runCliInProcess(['gql', '{ anything }', '--no-validate', '-e', nulled.url], {
        env: isolatedEnv(),
      })
      expect(result.code, result.stderr).toBe(0)
      expect(result.stdout).toBe('null\n')
    } finally {
      await nulled.close()
    }
  })
})
