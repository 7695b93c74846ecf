import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { main } from '../../src/cli/main.js'
import { BufferSink, type Context } from '../../src/core/context.js'
import { isolatedEnv } from '../support/run-cli.js'
import { json, startTestServer, type TestServer } from '../support/test-server.js'

/** An SGR sequence: what colour is made of (cursor movement is not colour). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character is what it looks for
const COLOUR = /\u001b\[[\d;]*m/
let server: TestServer

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    if (request.url === '/v1/missing-items') return json(response, 404, { title: 'Not Found' })
    if (request.url === '/v1/old-items') {
      response.writeHead(301, { location: '/v1/items' })
      response.end()
      return
    }
    if (request.url === '/v1/broken-items') {
      response.writeHead(200, { 'content-type': 'application/xml' })
      response.end('<a><b></a>')
      return
    }
    json(response, 200, { id: '1', tags: ['a'] })
  })
})
afterAll(() => server.close())

/** Runs the CLI in-process, where each stream's terminal-ness can be chosen. */
async function run(
  args: string[],
  tty: { stdout: boolean; stderr: boolean },
  env: Record<string, string> = {},
) {
  const ctx: Context = {
    stdout: new BufferSink(tty.stdout),
    stderr: new BufferSink(tty.stderr),
    stdin: Readable.from([]),
    env: { ...isolatedEnv(), ...env },
    cwd: process.cwd(),
  }
  const code = await main(args, ctx)
  return { code, stdout: (ctx.stdout as BufferSink).text(), stderr: (ctx.stderr as BufferSink).text() }
}

const cases = (): string[][] => [
  ['rest', 'get', `${server.url}/v1/items`, '-v'],
  ['rest', 'get', `${server.url}/v1/missing-items`],
  ['rest', 'get', `${server.url}/v1/old-items`],
  ['rest', 'get', `${server.url}/v1/broken-items`],
  ['rest', 'get', `${server.url}/v1/getItems`, '--lint'], // a full URL is linted only with --lint
  ['rest', 'get', 'http://127.0.0.1:1/v1/items'],
  ['rest', 'head', `${server.url}/v1/items`, '-v'],
]

describe('colour on each stream depends on that stream', () => {
  it('stdout a terminal, stderr redirected to a file: stdout coloured, stderr plain', async () => {
    const body = await run(['rest', 'get', `${server.url}/v1/items`], { stdout: true, stderr: false })
    expect(body.stdout).toMatch(COLOUR)
    for (const args of cases()) {
      const result = await run(args, { stdout: true, stderr: false })
      expect(result.stderr, args.join(' ')).not.toBe('')
      expect(result.stderr, args.join(' ')).not.toMatch(COLOUR)
    }
  })

  it('stdout piped, stderr a terminal: stdout plain, stderr coloured', async () => {
    for (const args of cases()) {
      const result = await run(args, { stdout: false, stderr: true })
      expect(result.stdout, args.join(' ')).not.toMatch(COLOUR)
      expect(result.stderr, args.join(' ')).toMatch(COLOUR)
    }
  })

  it('--no-color and NO_COLOR: no colour on either terminal, error messages included', async () => {
    for (const args of cases()) {
      for (const [extra, env] of [
        [['--no-color'], {}],
        [[], { NO_COLOR: '1' }],
      ] as const) {
        const result = await run([...args, ...extra], { stdout: true, stderr: true }, env)
        expect(result.stdout + result.stderr, args.join(' ')).not.toMatch(COLOUR)
      }
    }
  })
})

describe('HEAD on a terminal', () => {
  it('the status line once, on stderr; stdout the headers', async () => {
    const result = await run(['rest', 'head', `${server.url}/v1/items`, '--no-color'], {
      stdout: true,
      stderr: true,
    })
    expect(result.code).toBe(0)
    expect(result.stderr).toBe('HTTP/1.1 200 OK\n')
    expect(result.stdout).not.toContain('HTTP/1.1')
    expect(result.stdout).toMatch(/^Content-Type: application\/json$/m)
  })
})
