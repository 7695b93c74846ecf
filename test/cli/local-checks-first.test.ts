// Local checks come first: a typo in a document, an item, a variable or a file name is reported (exit 2)
// before the built-in server starts and before anything is sent.
import { existsSync, readdirSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isolatedEnv } from '../support/run-cli.js'
import { runCliInProcess } from '../support/run-cli-in-process.js'
import { json, startTestServer, type TestServer } from '../support/test-server.js'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer((_request, response) => json(response, 200, { data: { itemCount: 1 } }))
})
afterAll(() => server.close())

/** Runs with the built-in `local` profile; whether its server started is whether its store was made. */
async function runLocal(args: string[]) {
  const env = isolatedEnv()
  const result = await runCliInProcess(args, { env })
  const dataDir = env.APICTL_DATA_DIR!
  const started = existsSync(dataDir) && readdirSync(dataDir).some((name) => name.startsWith('local'))
  return { ...result, started }
}

const query = 'query($n: Int) { items(limit: $n) { id } }'
const badCases: Array<[string, string[]]> = [
  ['gql: a syntax error', ['gql', '{ items( ']],
  ['gql: -f names no file', ['gql', '-f', '/nonexistent/query.graphql']],
  ['gql: --variables is not JSON', ['gql', query, '--variables', '{bad']],
  ['gql: --var without =', ['gql', query, '--var', 'n']],
  ['gql: --var the operation does not declare', ['gql', query, '--var', 'm=1']],
  ['gql: --var not an Int', ['gql', query, '--var', 'n=many']],
  ['gql: an option value', ['gql', '{ itemCount }', '--max-size', 'lots']],
  ['rest: a malformed JSON item', ['rest', 'post', '/v1/items', 'tags:=[oops']],
  ['rest: an item that is none', ['rest', 'post', '/v1/items', 'name']],
  ['rest: an item file that is missing', ['rest', 'post', '/v1/items', 'name=@/nonexistent/name.txt']],
  ['rest: an upload that is missing', ['rest', 'post', '/v1/items', 'photo@/nonexistent/photo.png']],
  ['rest: --data @file missing', ['rest', 'post', '/v1/items', '--data', '@/nonexistent/body.json']],
  ['rest: an option value', ['rest', 'get', '/v1/items', '--timeout', 'soon']],
  ['soap: send a missing file', ['soap', 'send', '/nonexistent/envelope.xml']],
  ['soap: a malformed header entry', ['soap', 'call', 'GetItem', 'id=1', '--soap-header', 'bad']],
  ['soap: --wss without a password', ['soap', 'call', 'GetItem', 'id=1', '--wss', 'demo']],
  ['soap: a parameter that is no assignment', ['soap', 'call', 'GetItem', 'id']],
  ['soap: an option value', ['soap', 'call', 'GetItem', 'id=1', '--soap', '3']],
]

describe('a local mistake starts nothing and sends nothing', () => {
  it.each(badCases)('%s', async (_name, args) => {
    const result = await runLocal(args)
    expect(result.code, result.stderr).toBe(2)
    expect(result.stderr).toMatch(/^error: /m)
    expect(result.stderr).not.toMatch(/started the built-in reference server/)
    expect(result.started, `${args.join(' ')} started the built-in server`).toBe(false)
  })

  it('a call that is right does start it (so the cases above can fail)', async () => {
    const result = await runLocal(['gql', query, '--var', 'n=1'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.started).toBe(true)
  })

  it('with -e, a syntax error or a bad --var sends nothing', async () => {
    const before = server.received.length
    for (const args of [
      ['gql', '-e', `${server.url}/graphql`, '--no-validate', '{ items( '],
      ['gql', '-e', `${server.url}/graphql`, '--no-validate', query, '--var', 'n'],
      ['rest', 'post', `${server.url}/v1/items`, 'tags:=[oops', '--no-lint'],
    ]) {
      expect((await runLocal(args)).code).toBe(2)
    }
    expect(server.received.length).toBe(before)
    expect(
      (await runLocal(['gql', '-e', `${server.url}/graphql`, '--no-validate', '{ itemCount }'])).code,
    ).toBe(0)
    expect(server.received.length).toBe(before + 1)
  })
})
