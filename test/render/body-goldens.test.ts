import { readdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BufferSink, type Context } from '../../src/core/context.js'
import type { HttpResponse } from '../../src/core/exchange.js'
import type { CommonOptions } from '../../src/core/request-options.js'
import { decodeRestResponse } from '../../src/protocols/rest/client/decode-rest-response.js'
import { printRestResult } from '../../src/render/print-rest-result.js'
import { listenOnLoopback } from '../support/listen-on-loopback.js'
import { isolatedEnv } from '../support/run-cli.js'
import { runCliInProcess } from '../support/run-cli-in-process.js'
import { goldenModes, pagedCases, servePaged } from './golden/golden-cases.mjs'

/**
 * The output of every body in fixtures/bodies/ in every mode, byte for byte as
 * the CLI printed it before the streaming printers (golden/capture.mjs).
 */
const bodies = join(import.meta.dirname, '..', '..', 'fixtures', 'bodies')
type Golden = { code: number; stdout: string | { base64: string }; stderr: string | { base64: string } }
const golden = JSON.parse(readFileSync(join(bodies, 'golden.json'), 'utf8')) as Record<string, Golden>
const bytes = (value: Golden['stdout']) =>
  typeof value === 'string' ? Buffer.from(value, 'utf8') : Buffer.from(value.base64, 'base64')

class ByteSink extends BufferSink {
  readonly parts: Buffer[] = []
  override write(chunk: string | Uint8Array): void {
    this.parts.push(Buffer.from(chunk))
  }
  bytes(): Buffer {
    return Buffer.concat(this.parts)
  }
}

function response(name: string, body: Buffer): HttpResponse {
  const type = name.endsWith('.xml') ? 'application/xml' : 'application/json'
  return {
    status: 200,
    statusText: 'OK',
    headers: { 'content-type': type },
    body,
    url: `http://127.0.0.1/${name}`,
    httpVersion: '1.1',
    timings: { total: 1 },
  }
}

/** The body in pieces of 1 to 7 bytes (the same pieces every run), as the transport hands over a long body. */
async function* pieces(body: Buffer): AsyncGenerator<Buffer> {
  let seed = body.length
  for (let at = 0; at < body.length; ) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    const size = 1 + (seed % 7)
    yield body.subarray(at, at + size)
    at += size
  }
}

/**
 * The body printed by printRestResult: whole, or (`head` given) as a body
 * that streams, its first `head` bytes held and the rest in small pieces.
 */
async function run(name: string, mode: ReturnType<typeof goldenModes>[number], head?: number) {
  const stdout = new ByteSink()
  const stderr = new ByteSink()
  const ctx: Context = { stdout, stderr, stdin: process.stdin, env: mode.env, cwd: process.cwd() }
  const output = mode.args[1] as CommonOptions['output']
  const common: CommonOptions = {
    headers: [],
    retry: 0,
    insecure: false,
    verbose: false,
    dryRun: false,
    curl: false,
    output,
  }
  const body = readFileSync(join(bodies, name))
  const whole = response(name, body)
  const sent =
    head === undefined ? whole : { ...whole, body: body.subarray(0, head), more: pieces(body.subarray(head)) }
  await printRestResult(decodeRestResponse(sent, 'GET'), common, ctx)
  return { stdout: stdout.bytes(), stderr: stderr.bytes().toString('utf8') }
}

/** Whether the golden output is of a body that is not what it claims (shown as received, with a warning). */
const notAsClaimed = (golden: Golden) =>
  /not valid JSON|not well-formed/.test(bytes(golden.stderr).toString('utf8'))

const names = readdirSync(bodies).filter((name) => /\.(json|xml)$/.test(name) && name !== 'golden.json')

describe('body goldens, whole bodies', () => {
  for (const name of names) {
    it(name, async () => {
      for (const mode of goldenModes(name)) {
        const expected = golden[`${name} ${mode.name}`]!
        const actual = await run(name, mode)
        expect(actual.stdout.toString('utf8'), `${name} ${mode.name}`).toBe(
          bytes(expected.stdout).toString('utf8'),
        )
        expect(actual.stdout.equals(bytes(expected.stdout)), `${name} ${mode.name} bytes`).toBe(true)
        expect(actual.stderr, `${name} ${mode.name} stderr`).toBe(bytes(expected.stderr).toString('utf8'))
      }
    })
  }
})

describe('body goldens, streamed in small pieces', () => {
  for (const name of names) {
    it(name, async () => {
      for (const mode of goldenModes(name)) {
        const expected = golden[`${name} ${mode.name}`]!
        const stdout = bytes(expected.stdout).toString('utf8')
        if (notAsClaimed(expected)) {
          // Found in the first window (here the whole body): shown as received, a warning saying why.
          const actual = await run(name, mode, readFileSync(join(bodies, name)).length)
          expect(actual.stdout.toString('utf8'), `${name} ${mode.name}`).toBe(stdout)
          expect(actual.stderr, `${name} ${mode.name} stderr`).toMatch(
            /^warning: .*(not valid JSON|not well-formed)/,
          )
          continue
        }
        const actual = await run(name, mode, 1)
        expect(actual.stdout.toString('utf8'), `${name} ${mode.name}`).toBe(stdout)
        expect(actual.stderr, `${name} ${mode.name} stderr`).toBe(bytes(expected.stderr).toString('utf8'))
      }
    })
  }
})

describe('--all golden walks (three pages; the merged list printed as the pages arrive)', () => {
  let base: string
  let close: () => Promise<void>
  beforeAll(async () => {
    const server = createServer((request, response) =>
      servePaged(new URL(request.url!, 'http://x'), response),
    )
    ;({ url: base, close } = await listenOnLoopback(server))
  })
  afterAll(() => close())

  for (const paged of pagedCases) {
    it(paged.name, async () => {
      for (const mode of goldenModes(paged.name)) {
        const expected = golden[`${paged.name} ${mode.name}`]!
        const result = await runCliInProcess(
          ['rest', 'get', `${base}${paged.path}`, '--no-lint', '--all', ...mode.args],
          { env: isolatedEnv(mode.env) },
        )
        const label = `${paged.name} ${mode.name}`
        expect(result.stdout, label).toBe(bytes(expected.stdout).toString('utf8'))
        expect(result.stderr, `${label} stderr`).toBe(bytes(expected.stderr).toString('utf8'))
        expect(result.code, `${label} code`).toBe(expected.code)
      }
    })
  }
})
