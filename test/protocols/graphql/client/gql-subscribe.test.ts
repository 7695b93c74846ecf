import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isolatedEnv } from '../../../support/run-cli.js'
import { runCliInProcess } from '../../../support/run-cli-in-process.js'
import { startTestProxy } from '../../../support/test-proxy.js'
import { type StockApolloServer, startStockApolloServer } from './support/stock-apollo-server.js'
import { type RunningCli, startCli, waitFor } from './support/wait-for.js'

let server: StockApolloServer
let env: Record<string, string | undefined>

beforeAll(async () => {
  server = await startStockApolloServer()
  env = isolatedEnv()
})
afterAll(() => server.close())

const subscribed = (before: number) => () =>
  server.connections.length > before && server.connections.at(-1)!.subscriptions > 0

async function addBook(title: string): Promise<void> {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: `mutation { addBook(input: {title: ${JSON.stringify(title)}}) { id } }` }),
  })
  expect(response.status).toBe(200)
}

describe('gql subscribe over graphql-ws (stock Apollo schema, graphql-ws useServer)', () => {
  it('prints events as they arrive, one JSON object per line with -o json, and stops after --count', async () => {
    const before = server.connections.length
    const running = startCli(
      [
        'gql',
        'subscribe',
        'subscription { bookAdded { title genre } }',
        '--count',
        '2',
        '-o',
        'json',
        '-e',
        server.url,
        '--token',
        'ws-token',
        '-H',
        'X-Trace: s1',
      ],
      env,
    )
    await waitFor(subscribed(before), 'the subscription to start')
    await addBook('First')
    await waitFor(() => running.stdout().includes('First'), 'the first event')
    await addBook('Second')
    expect(await running.exited).toBe(0)
    expect(
      running
        .stdout()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { data: { bookAdded: { title: 'First', genre: 'FICTION' } } },
      { data: { bookAdded: { title: 'Second', genre: 'FICTION' } } },
    ])
    const connection = server.connections.at(-1)!
    expect(connection.headers.authorization).toBe('Bearer ws-token')
    expect(connection.headers['x-trace']).toBe('s1')
    expect(connection.connectionParams).toMatchObject({
      authorization: 'Bearer ws-token',
      headers: { 'X-Trace': 's1' },
    })
  })

  it('goes through --proxy (a CONNECT tunnel, the host resolved by the proxy alone) and sends --session headers on the upgrade', async () => {
    const port = new URL(server.url).port
    const proxy = await startTestProxy({ hosts: { 'api.test': `127.0.0.1:${port}` } })
    try {
      const endpoint = `http://api.test:${port}/graphql`
      const common = ['-e', endpoint, '--proxy', proxy.url, '--session', 'team']
      const first = await runCliInProcess(
        ['gql', 'subscribe', 'subscription { countdown(from: 1) }', ...common, '-H', 'X-Team: blue'],
        { env },
      )
      expect(first.code, first.stderr).toBe(0)
      expect(first.stdout).toContain('"countdown": 1')
      expect(proxy.received).toContainEqual(
        expect.objectContaining({ method: 'CONNECT', target: `api.test:${port}` }),
      )
      expect(server.connections.at(-1)!.headers['x-team']).toBe('blue')
      const before = server.connections.length
      const again = await runCliInProcess(
        ['gql', 'subscribe', 'subscription { countdown(from: 1) }', ...common],
        {
          env,
        },
      )
      expect(again.code, again.stderr).toBe(0)
      expect(server.connections.length).toBe(before + 1)
      expect(server.connections.at(-1)!.headers['x-team']).toBe('blue')
    } finally {
      await proxy.close()
    }
  })

  it('ends when the server completes the subscription, printing each event pretty', async () => {
    const result = await runCliInProcess(
      ['gql', 'subscribe', 'subscription { countdown(from: 3) }', '-e', server.url],
      { env },
    )
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toBe('{\n  "countdown": 3\n}\n{\n  "countdown": 2\n}\n{\n  "countdown": 1\n}\n')
  })

  it('Ctrl-C ends it cleanly: the socket closed, exit 130 (as shells report SIGINT)', async () => {
    const before = server.connections.length
    const running: RunningCli = startCli(
      ['gql', 'subscribe', 'subscription { bookAdded { id } }', '-v', '-e', server.url],
      env,
    )
    await waitFor(() => running.stderr().includes('subscribed at ws://'), 'the subscription to start')
    expect(server.connections.length).toBe(before + 1)
    running.child.kill('SIGINT')
    expect(await running.exited).toBe(130)
    expect(running.stderr()).toContain('subscription ended (cancelled) after 0 event(s)')
  })

  it('an invalid subscription exits 2 without connecting', async () => {
    const before = server.connections.length
    const result = await runCliInProcess(
      ['gql', 'subscribe', 'subscription { bookAdded { titel } }', '-e', server.url],
      { env },
    )
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('Cannot query field "titel" on type "Book". Did you mean "title"?')
    expect(result.stderr).toContain(
      '    1 | subscription { bookAdded { titel } }\n      |                            ^',
    )
    const query = await runCliInProcess(['gql', 'subscribe', '{ bookCount }', '-e', server.url], { env })
    expect(query.code).toBe(2)
    expect(query.stderr).toContain('This is a query, not a subscription.')
    expect(server.connections.length).toBe(before)
  })

  it('--dry-run prints the upgrade request and the subscribe message; --curl is refused', async () => {
    const dry = await runCliInProcess(
      ['gql', 'subscribe', 'subscription S { countdown(from: 1) }', '--dry-run', '-e', server.url],
      { env },
    )
    expect(dry.code).toBe(0)
    expect(dry.stdout).toMatch(/^GET \/graphql HTTP\/1\.1\n/)
    expect(dry.stdout).toMatch(/\nSec-WebSocket-Protocol: graphql-transport-ws\n/i)
    expect(dry.stdout).toContain(
      '{"type":"subscribe","id":"1","payload":{"query":"subscription S { countdown(from: 1) }","operationName":"S"}}',
    )
    const curl = await runCliInProcess(
      ['gql', 'subscribe', 'subscription { countdown(from: 1) }', '--curl', '-e', server.url],
      { env },
    )
    expect(curl.code).toBe(2)
    const include = await runCliInProcess(
      ['gql', 'subscribe', 'subscription { countdown(from: 1) }', '-i', '-e', server.url],
      { env },
    )
    expect(include.code).toBe(2)
    expect(include.stderr).toContain('-i / --print show an HTTP answer')
  })

  it('a path that serves no WebSocket: a clear message, exit 4', async () => {
    const result = await runCliInProcess(
      [
        'gql',
        'subscribe',
        'subscription { countdown(from: 1) }',
        '--no-validate',
        '-e',
        server.url.replace('/graphql', '/nothing'),
      ],
      { env },
    )
    expect(result.code).toBe(4)
    // ws's WebSocketServer answers 400 to an upgrade on a path it does not serve.
    expect(result.stderr).toMatch(
      /answered the WebSocket upgrade with HTTP 400: it does not serve graphql-ws/,
    )
  })
})

describe('gql subscribe against the reference server', () => {
  let reference: RunningCli
  let base: string

  beforeAll(async () => {
    reference = startCli(['serve', '--port', '0', '--quiet'], isolatedEnv())
    await waitFor(() => /listening on (http:\/\/\S+)/.test(reference.stderr()), 'the reference server')
    base = /listening on (http:\/\/\S+)/.exec(reference.stderr())![1]!
  })
  afterAll(async () => {
    reference.child.kill('SIGTERM')
    await reference.exited
  })

  it('receives the event a REST POST causes', async () => {
    const running = startCli(
      [
        'gql',
        'subscribe',
        'subscription { itemChanged { type item { name price } } }',
        '--count',
        '1',
        '-o',
        'json',
        '-e',
        `${base}/graphql`,
        '-v',
      ],
      env,
    )
    await waitFor(() => running.stderr().includes('subscribed at ws://'), 'the subscription to start')
    const post = await runCliInProcess(
      ['rest', 'post', `${base}/v1/items`, 'name=Lamp', 'price:=12.5', '--user', 'demo:demo'],
      { env },
    )
    expect(post.code, post.stderr).toBe(0)
    expect(await running.exited).toBe(0)
    expect(JSON.parse(running.stdout())).toEqual({
      data: { itemChanged: { type: 'CREATED', item: { name: 'Lamp', price: 12.5 } } },
    })
  })
})
