import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatJson } from '../../src/render/format-json.js'
import { type Listening, listenOnLoopback } from '../support/listen-on-loopback.js'
import { isolatedEnv, runCli } from '../support/run-cli.js'
import { runMeasured } from '../support/run-measured.js'
import { answerServer, answerText } from './answers/answer-cases.mjs'

/**
 * Long GraphQL and SOAP answers (tens of MB, from a server that writes them
 * in pieces) stream from the transport to the printer: the real CLI prints
 * them whole, with errors, faults and exit codes as for a short answer, in
 * bounded memory. (answer-goldens.test.ts checks 2–3 MB answers byte for
 * byte against main's output.)
 */
let server: Listening
let base: string

beforeAll(async () => {
  server = await listenOnLoopback(answerServer())
  base = server.url
})
afterAll(() => server.close())

const gql = (path: string, more: string[] = []) => [
  'gql',
  '{ items { id name } }',
  '--no-validate',
  '-e',
  `${base}${path}`,
  ...more,
]
const soap = (path: string, more: string[] = []) => [
  'soap',
  'call',
  'ListItems',
  '--ns',
  'urn:apictl:items',
  '-e',
  `${base}${path}`,
  ...more,
]
const measured = { killAfterMs: 120_000, rssCapMb: 600 }

describe('a 20 MB GraphQL answer', () => {
  it('prints data as the whole-answer printer does, errors after it on stderr (exit 4), in under 150 MB', async () => {
    const path = '/graphql?n=180000&errors=after'
    const answer = JSON.parse(answerText(new URL(path, 'http://x'))) as { data: unknown }
    const expected = Buffer.from(`${formatJson(answer.data, { colour: false })}\n`)
    const result = await runMeasured(gql(path), measured)
    expect(result.code, result.stderr).toBe(4)
    expect(result.stderr).toContain('error: price of item 7 hidden')
    expect(result.stdoutBytes).toBe(expected.length)
    expect(result.stdout).toBe(expected.subarray(0, 65_536).toString('utf8'))
    expect(result.peakRssMb).toBeLessThan(150)
  }, 180_000)

  it('-o json: the whole response object laid out, in under 150 MB', async () => {
    const result = await runMeasured(gql('/graphql?n=180000&errors=before', ['-o', 'json']), measured)
    expect(result.code, result.stderr).toBe(4)
    expect(
      result.stdout.startsWith('{\n  "errors": [\n    {\n      "message": "price of item 7 hidden"'),
    ).toBe(true)
    expect(result.stdoutBytes).toBeGreaterThan(20_000_000)
    expect(result.peakRssMb).toBeLessThan(150)
  }, 180_000)

  it('-o table: rows as they arrive, columns from the first ones; the other root field named', async () => {
    const result = await runCli(gql('/graphql?n=30000', ['-o', 'table']), {
      env: isolatedEnv({ COLUMNS: '200' }),
      killAfterMs: 60_000,
    })
    expect(result.code, result.stderr).toBe(0)
    const lines = result.stdout.trimEnd().split('\n')
    expect(lines[1]).toMatch(/│ id +│ name +│ price +│ quantity +│ tags +│ description +│/)
    expect(lines).toHaveLength(30_000 + 4)
    expect(lines.at(-2)).toContain('item 29999')
    expect(result.stderr).toContain('-o table shows the list under "items"; -o json shows count too.')
  }, 90_000)

  it('data that breaks off past the first MiB: the part before laid out, then the error (exit 6)', async () => {
    const result = await runCli(gql('/graphql?n=30000&broken=1'), { killAfterMs: 60_000 })
    expect(result.code).toBe(6)
    expect(result.stdout.startsWith('{\n  "count": 30000,\n  "items": [\n')).toBe(true)
    expect(result.stdout).toContain('item 15000')
    expect(result.stdout).not.toContain('item 15001')
    expect(result.stderr).toMatch(
      /error: The GraphQL answer broke off: Unexpected '\}' at byte \d+ of data\./,
    )
    expect(result.stderr).not.toMatch(/\n\s+at /)
  }, 90_000)

  it('a connection cut in the middle: what arrived is printed, then the error and its exit code', async () => {
    const result = await runCli(gql('/graphql?n=60000&cut=3000000'), { killAfterMs: 60_000 })
    expect(result.code).toBe(3)
    expect(result.stdout.startsWith('{\n  "count": 60000,')).toBe(true)
    expect(result.stderr).toMatch(/closed|ended|connection/i)
    expect(result.stderr).not.toMatch(/\n\s+at /)
  }, 90_000)

  it('--max-size is counted as the answer arrives: past it, the error (exit 6)', async () => {
    const result = await runMeasured(gql('/graphql?n=180000', ['--max-size', '5MB']), measured)
    expect(result.code).toBe(6)
    expect(result.stderr).toMatch(/larger than 5 MB \(--max-size/)
    expect(result.stdoutBytes).toBeGreaterThan(1_000_000)
  }, 180_000)
})

describe('a 20 MB SOAP answer', () => {
  it('-o json (the default to a pipe): the values, typed by the WSDL, in under 150 MB', async () => {
    const result = await runMeasured(soap('/soap?n=88000'), measured)
    expect(result.code, result.stderr).toBe(0)
    expect(
      result.stdout.startsWith('{\n  "operation": "ListItemsResponse",\n  "result": {\n    "total": 88000,'),
    ).toBe(true)
    expect(result.stdout).toContain('"price": 0.25,')
    expect(result.stdoutBytes).toBeGreaterThan(25_000_000)
    expect(result.peakRssMb).toBeLessThan(150)
  }, 180_000)

  it('-o xml: the envelope laid out by the XML printer, in under 150 MB', async () => {
    const result = await runMeasured(
      soap('/soap?n=88000&version=1.2', ['--soap', '1.2', '-o', 'xml']),
      measured,
    )
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toContain(
      '\n    <tns:ListItemsResponse xmlns:tns="urn:apictl:items">\n      <tns:total>88000</tns:total>',
    )
    expect(result.stdoutBytes).toBeGreaterThan(28_000_000)
    expect(result.peakRssMb).toBeLessThan(150)
  }, 180_000)

  it('a fault with a long detail is still decoded whole, with its exit code (4)', async () => {
    const result = await runCli(soap('/soap?n=9000&fault=1'), { killAfterMs: 60_000 })
    expect(result.code).toBe(4)
    expect(JSON.parse(result.stdout).fault.code).toBe('Client')
    expect(result.stderr).toContain('SOAP fault (Client): no such page')
  }, 90_000)

  it('an envelope that breaks past the first MiB: the part before, then the error (exit 6)', async () => {
    const result = await runCli(soap('/soap?n=30000&broken=1', ['-o', 'xml']), { killAfterMs: 60_000 })
    expect(result.code).toBe(6)
    expect(result.stdout).toContain('<tns:name>item 15000')
    expect(result.stderr).toContain('error: The SOAP answer broke off: Unexpected </tns:oops>.')
  }, 90_000)

  it('--max-size is counted as the envelope arrives: past it, the error (exit 6)', async () => {
    const result = await runCli(soap('/soap?n=88000', ['--max-size', '5MB', '-o', 'json']), {
      killAfterMs: 60_000,
    })
    expect(result.code).toBe(6)
    expect(result.stderr).toMatch(/larger than 5 MB \(--max-size/)
  }, 90_000)
})
