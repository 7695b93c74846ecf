import { spawn } from 'node:child_process'
import { mkdirSync, openSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CLI, type CliResult, isolatedEnv, runCli } from '../support/run-cli.js'
import { tempDir } from '../support/temp-dir.js'
import { json, startTestServer, type TestServer } from '../support/test-server.js'

let server: TestServer
/** Per test: what the server answers to the request with this index (default 200 {ok: true}). */
let reply: (index: number, response: import('node:http').ServerResponse, body: string) => void

const soapEcho =
  '<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>' +
  '<EchoResponse xmlns="urn:x"><ok>true</ok></EchoResponse></soap:Body></soap:Envelope>'

/** `apictl [BEFORE] soap call Echo` (no WSDL) against the test server, which answers with soapEcho. */
function callEcho(before: string[] = []) {
  reply = (_index, response) => {
    response.writeHead(200, { 'content-type': 'text/xml' })
    response.end(soapEcho)
  }
  return runCli([...before, 'soap', 'call', 'Echo', '--ns', 'urn:x', '--no-wsdl', '-e', `${server.url}/soap`])
}

beforeAll(async () => {
  server = await startTestServer((request, response, index) => reply(index, response, request.body))
})
afterAll(() => server.close())
beforeEach(() => {
  server.received.length = 0
  reply = (_index, response) => json(response, 200, { ok: true })
})

const port = () => new URL(server.url).port

function envWithProfile(rest: string): Record<string, string | undefined> {
  const env = isolatedEnv()
  mkdirSync(env.APICTL_CONFIG_DIR!, { recursive: true })
  writeFileSync(
    join(env.APICTL_CONFIG_DIR!, 'config.json'),
    JSON.stringify({ version: 1, current: 'other', profiles: { other: {}, team: { rest } } }),
    { mode: 0o600 },
  )
  return env
}

/** The CLI with stdin as given: a shell pipe, /dev/null, a file, or a pipe left open. */
function runWithStdin(
  args: string[],
  stdin: 'ignore' | 'open' | { file: string },
  killAfterMs = 15_000,
): Promise<CliResult> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const input = stdin === 'ignore' ? 'ignore' : stdin === 'open' ? 'pipe' : 'pipe'
    const child = spawn(process.execPath, [CLI, ...args], {
      env: isolatedEnv() as NodeJS.ProcessEnv,
      stdio: [typeof stdin === 'object' ? openSync(stdin.file, 'r') : input, 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout!.on('data', (chunk) => {
      stdout += chunk
    })
    child.stderr!.on('data', (chunk) => {
      stderr += chunk
    })
    const killer = setTimeout(() => child.kill('SIGKILL'), killAfterMs)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(killer)
      child.stdin?.destroy()
      resolve({ code, stdout, stderr, ms: performance.now() - started })
    })
  })
}

/** `printf BODY | apictl ARGS` through a real shell pipe (a FIFO). */
function runPiped(body: string, args: string[]): Promise<CliResult> {
  const quoted = args.map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(' ')
  return runNodeShell(`printf '%s' '${body}' | '${process.execPath}' '${CLI}' ${quoted}`)
}

function runNodeShell(script: string): Promise<CliResult> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', script], {
      env: isolatedEnv() as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => {
      stdout += chunk
    })
    child.stderr.on('data', (chunk) => {
      stderr += chunk
    })
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(killer)
      resolve({ code, stdout, stderr, ms: performance.now() - started })
    })
  })
}

describe('the method left out, as HTTPie: GET, or POST with a body', () => {
  it('`rest :PORT/path` is a GET to localhost', async () => {
    const result = await runCli(['rest', `:${port()}/v1/items/1`])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(server.received.map(({ method, url }) => `${method} ${url}`)).toEqual(['GET /v1/items/1'])
    expect(server.received[0]!.headers.host).toBe(`localhost:${port()}`)
  })

  it('body items make it a POST with the JSON body; query and header items keep it a GET', async () => {
    await runCli(['rest', `:${port()}/v1/items`, 'name=Pen', 'price:=2.5'])
    await runCli(['rest', `${server.url}/v1/items`, 'page==2', 'X-A:1'])
    const [post, get] = server.received
    expect(post!.method).toBe('POST')
    expect(JSON.parse(post!.body)).toEqual({ name: 'Pen', price: 2.5 })
    expect(get!.method).toBe('GET')
    expect(get!.url).toBe('/v1/items?page=2')
    expect(get!.headers['x-a']).toBe('1')
  })

  it('a mistyped method is a usage error with a did-you-mean, and nothing is sent', async () => {
    const result = await runCli(['rest', 'gett', `${server.url}/v1/items`])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(`'gett' is not an HTTP method apictl sends. Did you mean "get"?`)
    const alone = await runCli(['rest', 'gett'])
    expect(alone.code).toBe(2)
    expect(alone.stderr).toContain('Did you mean "get"?')
    expect(server.received).toEqual([])
  })
})

describe('a body piped on stdin is sent when no other body is given (--ignore-stdin stops it)', () => {
  it('through a shell pipe: POST with the piped JSON when the method is left out', async () => {
    const result = await runPiped('{"name":"Piped"}', ['rest', `:${port()}/v1/items`])
    expect(result.code).toBe(0)
    expect(server.received).toHaveLength(1)
    expect(server.received[0]!.method).toBe('POST')
    expect(server.received[0]!.body).toBe('{"name":"Piped"}')
    expect(server.received[0]!.headers['content-type']).toBe('application/json')
  })

  it('--ignore-stdin sends none (a GET); an explicit GET never reads stdin', async () => {
    await runPiped('{"name":"Piped"}', ['rest', `:${port()}/v1/items`, '--ignore-stdin'])
    await runPiped('{"name":"Piped"}', ['rest', 'get', `:${port()}/v1/items`])
    expect(server.received.map(({ method, body }) => [method, body])).toEqual([
      ['GET', ''],
      ['GET', ''],
    ])
  })

  it('a socket stdin (a Node parent) and a redirected file are read; items or --data win over neither', async () => {
    await runCli(['rest', 'put', `${server.url}/v1/items/1`], { input: '{"from":"socket"}' })
    const file = join(tempDir('apictl-stdin-'), 'body.json')
    writeFileSync(file, '{"from":"file"}')
    await runWithStdin(['rest', 'post', `${server.url}/v1/items`], { file })
    const both = await runCli(['rest', 'post', `${server.url}/v1/items`, 'a=1'], { input: '{"b":2}' })
    expect(both.code).toBe(0)
    expect(server.received.map(({ method, body }) => [method, body])).toEqual([
      ['PUT', '{"from":"socket"}'],
      ['POST', '{"from":"file"}'],
      ['POST', '{"a":"1"}'],
    ])
  })

  it('piped text that is not JSON is a usage error naming stdin; nothing is sent', async () => {
    const result = await runCli(['rest', `${server.url}/v1/items`], { input: 'not json' })
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('The body piped on stdin is not valid JSON')
    expect(result.stderr).toContain('--ignore-stdin')
    expect(server.received).toEqual([])
  })

  it('never hangs: an empty pipe or no stdin (/dev/null) is a GET at once', async () => {
    const empty = await runCli(['rest', `${server.url}/v1/items`])
    const none = await runWithStdin(['rest', `${server.url}/v1/items`], 'ignore')
    expect([empty.code, none.code]).toEqual([0, 0])
    expect(server.received.map(({ method }) => method)).toEqual(['GET', 'GET'])
  })

  it('a pipe left open and silent: a note after a second, and a usage error at --timeout, nothing sent', async () => {
    const result = await runWithStdin(['rest', `${server.url}/v1/items`, '--timeout', '2'], 'open')
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('waiting for a request body on stdin')
    expect(result.stderr).toContain('stdin stayed open and sent nothing for 2 s')
    expect(result.ms).toBeLessThan(10_000)
    expect(server.received).toEqual([])
  })
})

describe(':port and :/path wherever a URL is taken', () => {
  it('gql -e :PORT/graphql and soap call -e :PORT/soap go to localhost', async () => {
    reply = (index, response) => {
      if (index === 0) return json(response, 200, { data: { a: 1 } })
      response.writeHead(200, { 'content-type': 'text/xml' })
      response.end(soapEcho)
    }
    const gql = await runCli(['gql', '{ a }', '--no-validate', '-e', `:${port()}/graphql`])
    const soap = await runCli(['soap', 'call', 'Echo', '--ns', 'urn:x', '--no-wsdl', '-e', `:${port()}/soap`])
    expect([gql.code, soap.code]).toEqual([0, 0])
    expect(server.received.map(({ method, url, headers }) => `${method} ${headers.host}${url}`)).toEqual([
      `POST localhost:${port()}/graphql`,
      `POST localhost:${port()}/soap`,
    ])
  })
})

describe('global options before the command', () => {
  it('apictl --profile NAME -v --no-color --timeout 5 rest get PATH', async () => {
    const env = envWithProfile(server.url)
    const result = await runCli(
      ['--profile', 'team', '-v', '--no-color', '--timeout', '5', 'rest', 'get', '/v1/x'],
      {
        env,
      },
    )
    expect(result.code).toBe(0)
    // The profile's REST base is also asked for its OpenAPI document (SPEC §4.1 discovery, answered 404 here).
    const sent = server.received.map(({ url }) => url).filter((url) => !url.startsWith('/openapi.'))
    expect(sent).toEqual(['/v1/x'])
    expect(result.stderr).toContain(`GET /v1/x HTTP/1.1\nHost: ${new URL(server.url).host}`)
    expect(result.stderr).not.toContain('\u001b[')
  })

  it('through a nested command: apictl --timeout=5 soap call …', async () => {
    const result = await callEcho(['--timeout=5'])
    expect(result.code).toBe(0)
    expect(server.received).toHaveLength(1)
  })
})

describe('honest options: --retry on a call that cannot be retried', () => {
  const failOnce = () => {
    reply = (index, response) =>
      index === 0 ? json(response, 503, { error: 'busy' }) : json(response, 200, { data: { a: 1 } })
  }
  const retriedQuery = (...more: string[]) =>
    runCli(['gql', '{ a }', '--no-validate', '-e', `${server.url}/graphql`, '--retry', '2', ...more])

  it('gql --retry 2: said once on stderr, one request, the 503 stands', async () => {
    failOnce()
    const result = await retriedQuery()
    expect(result.code).toBe(5)
    expect(result.stderr.match(/--retry 2 does not apply: this request is a POST/g)).toHaveLength(1)
    expect(result.stderr).toContain('--retry-unsafe')
    expect(server.received).toHaveLength(1)
  })

  it('--retry-unsafe applies it: gql and rest post are sent again after the 503', async () => {
    failOnce()
    const gql = await retriedQuery('--retry-unsafe')
    expect(gql.code).toBe(0)
    expect(gql.stderr).not.toContain('does not apply')
    expect(server.received).toHaveLength(2)
    server.received.length = 0
    failOnce()
    const post = await runCli([
      'rest',
      'post',
      `${server.url}/v1/items`,
      'a=1',
      '--retry',
      '1',
      '--retry-unsafe',
    ])
    expect(post.code).toBe(0)
    expect(server.received.map(({ method, body }) => [method, body])).toEqual([
      ['POST', '{"a":"1"}'],
      ['POST', '{"a":"1"}'],
    ])
  })
})

describe('honest options: SOAP prints JSON to a pipe', () => {
  it('soap call, stdout not a terminal: the -o json shape', async () => {
    const result = await callEcho()
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual({ operation: 'EchoResponse', result: { ok: 'true' } })
  })
})

describe('honest options: the REPL .save / .run never show a saved credential', () => {
  it('.save, the .run listing and the line .run sends redact --token; the saved line still sends it', async () => {
    const env = envWithProfile(server.url)
    const script = 'get /v1/items --token s3cr3t-value\n.save mine\n.run\n.run mine\n'
    const result = await runCli(['repl', '--profile', 'team'], { env, input: script })
    expect(result.code).toBe(0)
    expect(`${result.stdout}${result.stderr}`).not.toContain('s3cr3t-value')
    expect(result.stderr).toContain('saved mine: get /v1/items --token')
    expect(result.stdout).toMatch(/mine\s+get \/v1\/items --token \S+/)
    expect(server.received.map(({ headers }) => headers.authorization)).toEqual([
      'Bearer s3cr3t-value',
      'Bearer s3cr3t-value',
    ])
  })
})
