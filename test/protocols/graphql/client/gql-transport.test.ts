import { execFile } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { isolatedEnv, runCli } from '../../../support/run-cli.js'
import { json, type Received, startTestServer, type TestServer } from '../../../support/test-server.js'

const exec = promisify(execFile)

/** What the recording server answers next (each test sets it). */
let reply: (
  request: Received,
  response: Parameters<Parameters<typeof startTestServer>[0]>[1],
  index: number,
) => void
let server: TestServer
let env: Record<string, string | undefined>
let schemaFile: string

const SDL = `type Query { item(id: ID!): Item, items(limit: Int): [Item!]!, itemCount: Int! }
type Item { id: ID! name: String! }
type Mutation { createItem(name: String!): Item }`

beforeAll(async () => {
  server = await startTestServer((request, response, index) => reply(request, response, index))
  env = isolatedEnv()
  schemaFile = join(env.HOME!, 'schema.graphql')
  writeFileSync(schemaFile, SDL)
})
beforeEach(() => {
  server.received.length = 0
  reply = (_request, response) => json(response, 200, { data: { itemCount: 3 } })
})
afterAll(() => server.close())

const endpoint = () => `${server.url}/graphql?tenant=a`
const gql = (args: string[]) => runCli(['gql', ...args, '-e', endpoint(), '--schema', schemaFile], { env })

/** Parses --dry-run output: request line, headers, blank line, body. */
function parseDryRun(text: string) {
  const [head, ...rest] = text.split('\n\n')
  const [line, ...headerLines] = head!.split('\n')
  const [method, target] = line!.split(' ')
  const headers: Record<string, string> = {}
  for (const header of headerLines) {
    const at = header.indexOf(':')
    headers[header.slice(0, at).toLowerCase()] = header.slice(at + 1).trim()
  }
  // The request line names the full URL (as a .http file does); the server sees its path.
  const path = target?.replace(/^https?:\/\/[^/]+/, '')
  return { method, target: path, headers, body: rest.join('\n\n').replace(/\n$/, '') }
}

const MATTERING = [
  'user-agent',
  'accept',
  'content-type',
  'authorization',
  'x-trace',
  'apollo-require-preflight',
]

describe('what gql sends is what --dry-run prints', () => {
  const cases: Array<[string, string[]]> = [
    [
      'POST with variables, an operation name and credentials',
      [
        'query Item($id: ID!) { item(id: $id) { id name } }',
        '--var',
        'id=7',
        '--user',
        'demo:demo',
        '-H',
        'X-Trace: 1',
      ],
    ],
    [
      'GET with URL parameters and the preflight header',
      [
        'query A { itemCount } query B { items(limit: $n) { id } }'.replace('B {', 'B($n: Int) {'),
        '--operation',
        'B',
        '--var',
        'n=2',
        '--get',
        '--token',
        't0k',
      ],
    ],
  ]
  for (const [name, args] of cases) {
    it(name, async () => {
      // --show-secrets: the exact credentials, to compare with what arrives (masked otherwise).
      const dry = await gql([...args, '--dry-run', '--show-secrets'])
      expect(dry.code, dry.stderr).toBe(0)
      expect(server.received.length).toBe(0)
      const printed = parseDryRun(dry.stdout)
      const sent = await gql(args)
      expect(sent.code, sent.stderr).toBe(0)
      expect(server.received.length).toBe(1)
      const received = server.received[0]!
      expect(received.method).toBe(printed.method)
      expect(received.url).toBe(printed.target)
      for (const header of MATTERING) expect(received.headers[header], header).toBe(printed.headers[header])
      expect(received.body).toBe(printed.body)
    })
  }

  it('the dry-run body and URL are exact', async () => {
    const post = await gql(['query Item($id: ID!) { item(id: $id) { name } }', '--var', 'id=7', '--dry-run'])
    expect(post.stdout).toContain(
      '\n\n{"query":"query Item($id: ID!) { item(id: $id) { name } }","variables":{"id":"7"},"operationName":"Item"}\n',
    )
    const get = await gql(['{ itemCount }', '--get', '--dry-run'])
    expect(get.stdout).toMatch(
      /^GET http:\/\/127\.0\.0\.1:\d+\/graphql\?tenant=a&query=%7B\+itemCount\+%7D HTTP\/1\.1\n/,
    )
    expect(get.stdout).toMatch(/\nApollo-Require-Preflight: true\n/i)
  })

  it('--curl prints a command that makes the same request', async () => {
    const args = ['query Item($id: ID!) { item(id: $id) { name } }', '--var', 'id=7', '-H', "X-Trace: it's"]
    const curl = await gql([...args, '--curl'])
    expect(curl.code).toBe(0)
    expect(server.received.length).toBe(0)
    expect(curl.stdout).toMatch(/^curl /)
    const { stdout } = await exec('sh', ['-c', curl.stdout])
    expect(JSON.parse(stdout)).toEqual({ data: { itemCount: 3 } })
    await gql(args)
    const [viaCurl, direct] = server.received
    expect(viaCurl!.method).toBe(direct!.method)
    expect(viaCurl!.url).toBe(direct!.url)
    expect(viaCurl!.body).toBe(direct!.body)
    for (const header of MATTERING) expect(viaCurl!.headers[header], header).toBe(direct!.headers[header])
  })
})

describe('answers that are not GraphQL get a clear message, never a parser trace', () => {
  const noTrace = (stderr: string) =>
    expect(stderr).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n|SyntaxError|ClientError/)

  it('an HTML 502 from a proxy: exit 5', async () => {
    reply = (_request, response) => {
      response.writeHead(502, { 'content-type': 'text/html' })
      response.end('<html><head><title>502 Bad Gateway</title></head><body><h1>502</h1></body></html>')
    }
    const result = await gql(['{ itemCount }'])
    expect(result.code).toBe(5)
    expect(result.stdout).toBe('')
    expect(result.stderr).toContain(
      'The server answered HTTP 502 Bad Gateway with text/html ("502 Bad Gateway"), not a GraphQL response.',
    )
    expect(result.stderr).toContain(`where: POST ${endpoint()}`)
    noTrace(result.stderr)
  })

  it('a 200 with an empty body, or with HTML: exit 6', async () => {
    reply = (_request, response) => response.writeHead(200).end()
    const empty = await gql(['{ itemCount }'])
    expect(empty.code).toBe(6)
    expect(empty.stderr).toContain('HTTP 200 OK with an empty body, not a GraphQL response.')
    reply = (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' })
      response.end('<!doctype html><p>Welcome</p>')
    }
    const html = await gql(['{ itemCount }'])
    expect(html.code).toBe(6)
    expect(html.stderr).toContain('with text/html ("<!doctype html><p>Welcome</p>"), not a GraphQL response.')
    noTrace(empty.stderr + html.stderr)
  })

  it('JSON that is not a GraphQL response (a 401 problem document): exit 4', async () => {
    reply = (_request, response) => json(response, 401, { title: 'Unauthorized' })
    const result = await gql(['{ itemCount }'])
    expect(result.code).toBe(4)
    expect(result.stderr).toContain(
      'HTTP 401 Unauthorized with application/json ("{\\"title\\":\\"Unauthorized\\"}")',
    )
    noTrace(result.stderr)
  })

  it('a 500 with GraphQL errors: its errors, exit 5', async () => {
    reply = (_request, response) =>
      json(response, 500, {
        errors: [{ message: 'Database down', extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
      })
    const result = await gql(['{ itemCount }'])
    expect(result.code).toBe(5)
    expect(result.stderr).toContain('HTTP/1.1 500 Internal Server Error')
    expect(result.stderr).toContain('error: Database down\n  code:  INTERNAL_SERVER_ERROR')
  })
})

describe('the schema comes from introspection, through the same transport', () => {
  it('introspection refused: the server message, what to do instead, and the query not sent', async () => {
    reply = (_request, response) =>
      json(response, 400, { errors: [{ message: 'GraphQL introspection is not allowed by Apollo Server' }] })
    const result = await runCli(['gql', '{ itemCount }', '-e', endpoint(), '--user', 'demo:demo'], {
      env: isolatedEnv(),
    })
    expect(result.code).toBe(4)
    expect(result.stderr).toContain(
      `Could not read the schema of ${endpoint()} by introspection: GraphQL introspection is not allowed by Apollo Server.`,
    )
    expect(result.stderr).toContain('--schema FILE.graphql')
    expect(server.received).toHaveLength(1)
    expect(server.received[0]!.body).toContain('IntrospectionQuery')
    expect(server.received[0]!.headers.authorization).toBe(
      `Basic ${Buffer.from('demo:demo').toString('base64')}`,
    )
  })
})

describe('the transport is the shared one', () => {
  it('--timeout: exit 3 when the server does not answer in time', async () => {
    reply = () => {}
    const result = await gql(['{ itemCount }', '--timeout', '0.3'])
    expect(result.code).toBe(3)
    expect(result.stderr).toContain('within 0.3 s')
  })

  it('--retry retries a GET on 503, never a POST', async () => {
    reply = (_request, response, index) =>
      index === 0 ? response.writeHead(503).end() : json(response, 200, { data: { itemCount: 3 } })
    const get = await gql(['{ itemCount }', '--get', '--retry', '2'])
    expect(get.code, get.stderr).toBe(0)
    expect(server.received.length).toBe(2)
    server.received.length = 0
    const post = await gql(['{ itemCount }', '--retry', '2'])
    expect(post.code).toBe(5)
    expect(server.received.length).toBe(1)
  })

  it('-v shows the request and response heads on stderr, credentials redacted', async () => {
    const result = await gql(['{ itemCount }', '-v', '--token', 'secret-token'])
    expect(result.code).toBe(0)
    expect(result.stderr).toMatch(/^POST \/graphql\?tenant=a HTTP\/1\.1$/m)
    expect(result.stderr).toMatch(/^HTTP\/1\.1 200 OK$/m)
    expect(result.stderr).not.toContain('secret-token')
    expect(server.received[0]!.headers.authorization).toBe('Bearer secret-token')
  })

  it('connection refused: exit 3', async () => {
    const result = await runCli(
      ['gql', '{ itemCount }', '-e', 'http://127.0.0.1:9/graphql', '--no-validate'],
      {
        env,
      },
    )
    expect(result.code).toBe(3)
    expect(result.stderr).toContain('Connection refused')
  })
})
