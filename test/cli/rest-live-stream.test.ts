import { spawn } from 'node:child_process'
import type { ServerResponse } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCli, waitFor } from '../protocols/graphql/client/support/wait-for.js'
import { CLI, isolatedEnv, runCli } from '../support/run-cli.js'
import { startTestServer, type TestServer } from '../support/test-server.js'

/**
 * Live streams (server-sent events, NDJSON, --stream) against a purpose-built
 * server on 127.0.0.1 whose streams never close unless a test says so: what
 * is printed as it arrives is proved by a server that sends the next part
 * only once the CLI's stdout shows the one before.
 */
let server: TestServer
/** Streams held open by the server, to be ended in afterAll. */
const open = new Set<ServerResponse>()
/** Per path: the next part of a gated stream is sent when the test calls `release`. */
const gates = new Map<string, Array<() => void>>()
/** When the server wrote the first event of /sse/first (performance.now(), the test's own clock). */
let firstSentAt = 0

const gate = (name: string) =>
  new Promise<void>((resolve) => {
    gates.set(name, [...(gates.get(name) ?? []), resolve])
  })
const release = (name: string) => {
  const waiting = gates.get(name) ?? []
  gates.set(name, [])
  for (const resolve of waiting) resolve()
}

function streamHead(response: ServerResponse, type: string): void {
  open.add(response)
  response.on('close', () => open.delete(response))
  response.writeHead(200, { 'content-type': type, 'cache-control': 'no-cache' })
  response.flushHeaders()
}

beforeAll(async () => {
  server = await startTestServer(async (request, response) => {
    const url = new URL(request.url, 'http://x')
    switch (url.pathname) {
      case '/sse/first': {
        // The head now, the first event a moment later: the CLI is up and waiting on the stream.
        streamHead(response, 'text/event-stream')
        response.write(': connected\n\n')
        await gate('first')
        firstSentAt = performance.now()
        response.write('event: greeting\nid: 1\ndata: {"hello": "world", "n": [1, 2]}\n\n')
        return
      }
      case '/sse/heartbeats': {
        // A comment every 100 ms for a whole second past --timeout 0.4, then an event and the end.
        streamHead(response, 'text/event-stream')
        for (let beat = 0; beat < 14; beat++) {
          response.write(`: heartbeat ${beat}\n\n`)
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
        response.end('data: still here\n\n')
        return
      }
      case '/sse/silent': {
        streamHead(response, 'text/event-stream')
        response.write('data: the only event\n\n')
        return
      }
      case '/sse/endless': {
        streamHead(response, 'text/event-stream')
        const timer = setInterval(() => response.write(`data: ${'x'.repeat(1000)}\n\n`), 5)
        response.on('close', () => clearInterval(timer))
        return
      }
      case '/sse/kinds': {
        streamHead(response, 'text/event-stream')
        // Multi-line data joined with newlines, CRLF line ends, an id, a comment, a retry field,
        // an event cut across writes, text data and JSON data.
        response.write('retry: 5000\r\n: comment\r\ndata: first line\r\ndata: second line\r\n\r\n')
        response.write('event: update\nid: 7\nda')
        response.write('ta: {"price": 2.5, "tags": ["a"]}\n\n')
        response.end('data: 42\n\n')
        return
      }
      case '/ndjson': {
        streamHead(response, 'application/x-ndjson')
        response.write('{"n": 1, "name": "one"}\n')
        await gate('ndjson')
        response.write('{"n": 2, "name": "two"}\n\n')
        await gate('ndjson')
        response.end('not json\n{"n": 3}')
        return
      }
      case '/chunks': {
        streamHead(response, 'text/plain; charset=utf-8')
        response.write('chunk one\n')
        await gate('chunks')
        response.end('chunk two\n')
        return
      }
    }
    response.writeHead(404).end()
  })
})

afterAll(async () => {
  for (const response of open) response.destroy()
  await server.close()
})

const env = isolatedEnv({ NO_COLOR: '1' })

describe('server-sent events', () => {
  it('prints the first event within 200 ms of the server sending it, on a stream that never closes', async () => {
    const child = spawn(
      process.execPath,
      [CLI, 'rest', 'get', `${server.url}/sse/first`, '--timeout', '5', '-v'],
      { env: env as NodeJS.ProcessEnv, stdio: 'pipe' },
    )
    let stdout = ''
    let stderr = ''
    let shownAt = 0
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk
    })
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk
      if (shownAt === 0 && stdout.includes('"world"')) shownAt = performance.now()
    })
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve))
    try {
      // -v says when the answer's head is in: the CLI is then reading the stream, and the event goes out.
      await waitFor(() => stderr.includes('HTTP/1.1 200 OK'), 'the head of the stream')
      release('first')
      await waitFor(() => shownAt > 0, 'the first event on stdout', 3000)
      const latency = shownAt - firstSentAt
      console.info(`first SSE event: server write → CLI stdout in ${latency.toFixed(1)} ms`)
      expect(latency).toBeLessThan(200)
      expect(stdout).toBe(
        'event: greeting\nid: 1\n{\n  "hello": "world",\n  "n": [\n    1,\n    2\n  ]\n}\n\n',
      )
    } finally {
      child.kill('SIGINT')
    }
    // Ctrl-C on a live stream: exit 130, what was printed stays, no stack trace.
    expect(await exited).toBe(130)
    expect(stdout).toContain('"world"')
  })

  it('Ctrl-C (SIGINT) ends a live stream cleanly: exit 130, the output kept, no stack trace', async () => {
    const running = startCli(['rest', 'get', `${server.url}/sse/silent`, '--timeout', '30'], env)
    await waitFor(() => running.stdout().includes('the only event'), 'the event')
    running.child.kill('SIGINT')
    expect(await running.exited).toBe(130)
    expect(running.stdout()).toBe('the only event\n\n')
    expect(running.stderr()).not.toMatch(/\n\s+at |This is a bug/)
    expect(running.stderr()).toContain('interrupted')
  })

  it('heartbeats past --timeout keep the stream alive: the limit is on silence, not on the whole stream', async () => {
    const started = performance.now()
    const result = await runCli(['rest', 'get', `${server.url}/sse/heartbeats`, '--timeout', '0.4'], { env })
    expect(result.code, result.stderr).toBe(0)
    expect(performance.now() - started).toBeGreaterThan(1000)
    // Comments are not events: only the event is shown.
    expect(result.stdout).toBe('still here\n\n')
  })

  it('a stream silent for longer than the idle limit ends with exit 3 and a clear message', async () => {
    const result = await runCli(['rest', 'get', `${server.url}/sse/silent`, '--timeout', '0.5'], { env })
    expect(result.code).toBe(3)
    expect(result.stdout).toBe('the only event\n\n')
    expect(result.stderr).toContain('Nothing arrived for 0.5 s (time limit); the stream stopped.')
    expect(result.stderr).toContain(`GET ${server.url}/sse/silent`)
    expect(result.stderr).toContain('--timeout')
    expect(result.stderr).not.toMatch(/\n\s+at /)
  })

  it('--max-size bounds a stream as it flows', async () => {
    const result = await runCli(['rest', 'get', `${server.url}/sse/endless`, '--max-size', '50KB'], { env })
    expect(result.code).toBe(6)
    expect(result.stderr).toContain('larger than')
    expect(result.stderr).toContain('--max-size')
    expect(result.stdout.split('\n\n').length).toBeGreaterThan(10)
  })

  it('shows event and id, joins multi-line data, pretty-prints JSON data; comments and retry print nothing', async () => {
    const result = await runCli(['rest', 'get', `${server.url}/sse/kinds`], { env })
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toBe(
      'first line\nsecond line\n\nevent: update\nid: 7\n{\n  "price": 2.5,\n  "tags": [\n    "a"\n  ]\n}\n\n42\n\n',
    )
  })

  it('-o json: one JSON object per event, data parsed when it is JSON', async () => {
    const result = await runCli(['rest', 'get', `${server.url}/sse/kinds`, '-o', 'json'], { env })
    expect(result.code, result.stderr).toBe(0)
    expect(
      result.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { event: 'message', data: 'first line\nsecond line' },
      { event: 'update', id: '7', data: { price: 2.5, tags: ['a'] } },
      { event: 'message', data: 42 },
    ])
  })

  it('-o raw: the bytes as received, comments included', async () => {
    const result = await runCli(['rest', 'get', `${server.url}/sse/kinds`, '-o', 'raw'], { env })
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toBe(
      'retry: 5000\r\n: comment\r\ndata: first line\r\ndata: second line\r\n\r\nevent: update\nid: 7\ndata: {"price": 2.5, "tags": ["a"]}\n\ndata: 42\n\n',
    )
  })
})

describe('NDJSON and --stream', () => {
  it('NDJSON is printed line by line as it arrives (the next line is sent only once the last one shows)', async () => {
    const running = startCli(['rest', 'get', `${server.url}/ndjson`], env)
    await waitFor(() => running.stdout().includes('"one"'), 'the first line')
    release('ndjson')
    await waitFor(() => running.stdout().includes('"two"'), 'the second line')
    release('ndjson')
    expect(await running.exited, running.stderr()).toBe(0)
    expect(running.stdout()).toBe(
      '{\n  "n": 1,\n  "name": "one"\n}\n{\n  "n": 2,\n  "name": "two"\n}\nnot json\n{\n  "n": 3\n}\n',
    )
  })

  it('-o json prints each NDJSON line as itself, one per line', async () => {
    const running = startCli(['rest', 'get', `${server.url}/ndjson`, '-o', 'json'], env)
    await waitFor(() => running.stdout().includes('"one"'), 'the first line')
    release('ndjson')
    await waitFor(() => running.stdout().includes('"two"'), 'the second line')
    release('ndjson')
    expect(await running.exited, running.stderr()).toBe(0)
    expect(running.stdout()).toBe('{"n": 1, "name": "one"}\n{"n": 2, "name": "two"}\nnot json\n{"n": 3}\n')
  })

  it('--stream prints a plain chunked body chunk by chunk as it arrives', async () => {
    const running = startCli(['rest', 'get', `${server.url}/chunks`, '--stream'], env)
    await waitFor(() => running.stdout().includes('chunk one'), 'the first chunk')
    expect(running.stdout()).not.toContain('chunk two')
    release('chunks')
    expect(await running.exited, running.stderr()).toBe(0)
    expect(running.stdout()).toBe('chunk one\nchunk two\n')
  })

  it('--print h on a stream that never ends: the head, then the stream is dropped (exit 0 at once)', async () => {
    const result = await runCli(['rest', 'get', `${server.url}/sse/silent`, '--print', 'h'], { env })
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toMatch(/^HTTP\/1\.1 200 OK\nContent-Type: text\/event-stream\n/)
    expect(result.stdout).not.toContain('the only event')
    expect(result.ms).toBeLessThan(10_000)
  })

  it('-i on a stream: the head first, then the stream as it arrives', async () => {
    const running = startCli(['rest', 'get', `${server.url}/chunks`, '--stream', '-i'], env)
    await waitFor(() => running.stdout().includes('chunk one'), 'the first chunk')
    expect(running.stdout()).toMatch(/^HTTP\/1\.1 200 OK\nContent-Type: text\/plain; charset=utf-8\n/)
    release('chunks')
    expect(await running.exited, running.stderr()).toBe(0)
    expect(running.stdout()).toMatch(/Transfer-Encoding: chunked\n\nchunk one\nchunk two\n$/)
  })
})
