import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BufferSink, type Context } from '../../src/core/context.js'
import type { HttpResponse } from '../../src/core/exchange.js'
import type { CommonOptions } from '../../src/core/request-options.js'
import { decodeRestResponse } from '../../src/protocols/rest/client/decode-rest-response.js'
import { printRestResult } from '../../src/render/print-rest-result.js'
import { goldenModes } from './golden/golden-cases.mjs'

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

function run(name: string, mode: ReturnType<typeof goldenModes>[number]) {
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
  const result = decodeRestResponse(response(name, readFileSync(join(bodies, name))), 'GET')
  printRestResult(result, common, ctx)
  return { stdout: stdout.bytes(), stderr: stderr.bytes().toString('utf8') }
}

const names = readdirSync(bodies).filter((name) => /\.(json|xml)$/.test(name) && name !== 'golden.json')

describe('body goldens, whole bodies', () => {
  for (const name of names) {
    it(name, () => {
      for (const mode of goldenModes(name)) {
        const expected = golden[`${name} ${mode.name}`]!
        const actual = run(name, mode)
        expect(actual.stdout.toString('utf8'), `${name} ${mode.name}`).toBe(
          bytes(expected.stdout).toString('utf8'),
        )
        expect(actual.stdout.equals(bytes(expected.stdout)), `${name} ${mode.name} bytes`).toBe(true)
        expect(actual.stderr, `${name} ${mode.name} stderr`).toBe(bytes(expected.stderr).toString('utf8'))
      }
    })
  }
})
