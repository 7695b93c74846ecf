// Compression bombs and endless bodies against the real CLI (REST, GraphQL with its introspection,
// SOAP with its WSDL): each ends with a clear error, exit 6 (3 for the time limit), in bounded memory
// (the child's peak RSS, as the kernel counted it) and time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../src/index.js'
import { type HostileServer, pingCall, startHostileServer } from '../support/hostile-server.js'
import { type MeasuredResult, runMeasured } from '../support/run-measured.js'

let server: HostileServer
beforeAll(async () => {
  server = await startHostileServer()
})
afterAll(() => server.close())

/** Under this much peak RSS, whatever the attack. */
const RSS_MB = 300

function expectRefused(result: MeasuredResult, codes: number[] = [6]): void {
  const shown = `exit ${result.code}, ${result.peakRssMb.toFixed(0)} MB, ${result.ms.toFixed(0)} ms: ${result.stderr.slice(0, 600)}`
  expect(result.killedForMemory, shown).toBe(false)
  expect(codes, shown).toContain(result.code)
  expect(result.peakRssMb, shown).toBeLessThan(RSS_MB)
  expect(result.stderr, shown).not.toMatch(/This is a bug|internal error/)
}

const tooLarge = /The answer is larger than .+ counted after decompression\); apictl stopped reading it/

describe('the bars, with the default --max-size (1 GiB)', () => {
  // 1 GiB and more of data each: a minute at most on a loaded machine; seconds otherwise.
  const slow = { timeout: 150_000 }
  const args = ['--timeout', '120', '--no-lint']

  it('a gzip bomb (1,025 MiB unpacked from 1 MB): exit 6, under 300 MB', slow, async () => {
    const result = await runMeasured(['rest', 'get', `${server.url}/gzip`, ...args], { killAfterMs: 140_000 })
    expectRefused(result)
    expect(result.stderr).toMatch(tooLarge)
    expect(result.stderr).toContain('1 GiB (--max-size')
    // A body over 1 MiB streams to stdout as it arrives, so what came before the limit is out.
    expect(result.stdoutBytes).toBeLessThanOrEqual(1024 * 1024 * 1024)
  })

  it('a brotli bomb (1,025 MiB unpacked from 1 KB): exit 6, under 300 MB', slow, async () => {
    const result = await runMeasured(['rest', 'get', `${server.url}/br`, ...args], { killAfterMs: 140_000 })
    expectRefused(result)
    expect(result.stderr).toMatch(tooLarge)
  })

  it('a 3 GiB chunked body: exit 6, under 300 MB', slow, async () => {
    const result = await runMeasured(['rest', 'get', `${server.url}/endless`, ...args], {
      killAfterMs: 140_000,
    })
    expectRefused(result)
    expect(result.stderr).toMatch(tooLarge)
  })
})

describe('--max-size SIZE', () => {
  it('stops a bomb as soon as the unpacked body passes it, in every style', async () => {
    const cases = [
      ['rest', 'get', '--no-lint', `${server.url}/gzip?type=application/json`],
      ['rest', 'get', '--no-lint', `${server.url}/br?type=text/plain`],
      ['rest', 'get', '--no-lint', `${server.url}/endless?type=application/json`, '--all'],
      // The schema is fetched first (introspection), through the same transport.
      ['gql', '-e', `${server.url}/gzip?type=application/json`, '{ a }'],
    ]
    for (const args of cases) {
      const result = await runMeasured([...args, '--max-size', '20MB'])
      expectRefused(result)
      expect(result.stderr).toMatch(tooLarge)
      expect(result.stderr).toContain('20 MB (--max-size')
      expect(result.ms).toBeLessThan(10_000)
    }
    // A long GraphQL answer streams: one that is not a GraphQL response is refused at its first MiB.
    const gql = await runMeasured([
      'gql',
      '--no-validate',
      '-e',
      `${server.url}/br?type=application/json`,
      '{ a }',
      '--max-size',
      '20MB',
    ])
    expectRefused(gql)
    expect(gql.stderr).toContain('not a GraphQL response')
    expect(gql.ms).toBeLessThan(10_000)
  }, 90_000)

  it('takes 10MB, 512KiB, 1GiB, 2048; refuses what is not a size (exit 2)', async () => {
    const small = await runMeasured([
      'rest',
      'get',
      '--no-lint',
      `${server.url}/endless`,
      '--max-size',
      '512KiB',
    ])
    expectRefused(small)
    expect(small.stderr).toContain('512 KiB (--max-size')
    const bad = await runMeasured(['rest', 'get', `${server.url}/endless`, '--max-size', 'lots'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/--max-size.*expected a size such as 10MB/)
  })

  it('a body within the limit is received whole', async () => {
    const result = await runMeasured([
      'rest',
      'get',
      '--no-lint',
      `${server.url}/gzip?mib=40`,
      '--max-size',
      '41MiB',
      '-o',
      'raw',
    ])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdoutBytes).toBe(40 * 1024 * 1024)
    expect(result.peakRssMb).toBeLessThan(RSS_MB)
  }, 60_000)

  it('the library: maxSize, and the error as data (exit code 6)', async () => {
    const client = createClient({ rest: server.url, maxSize: '1MB' })
    const answer = await client.rest.get('/gzip')
    expect(answer.error?.exitCode).toBe(6)
    expect(answer.error?.message).toMatch(tooLarge)
    await client.close()
  })
})

describe('SOAP answers and WSDL documents are refused past what the XML reader takes (30 MiB)', () => {
  const soap = (path: string) => pingCall(`${server.url}${path}`)

  const cases: Array<[string, () => string[]]> = [
    ['a SOAP answer that is a gzip bomb', () => soap('/gzip?type=text/xml')],
    ['a SOAP answer that never ends', () => soap('/endless?type=text/xml')],
    ['a WSDL that is a gzip bomb', () => ['soap', 'ops', '--wsdl', `${server.url}/gzip?type=text/xml`]],
    ['a WSDL importing a gzip bomb', () => ['soap', 'ops', '--wsdl', `${server.url}/wsdl/import-bomb`]],
  ]
  it.each(cases)('%s: exit 6 within seconds, whatever --max-size', async (_name, args) => {
    const result = await runMeasured(args())
    expectRefused(result)
    expect(result.stderr).toMatch(
      /larger than 30 MiB \(the most apictl reads of a (SOAP answer|WSDL or schema document)/,
    )
    expect(result.ms).toBeLessThan(10_000)
  })
})

describe('an endless trickle meets the time limit', () => {
  const soapTrickle = () => [
    ...['soap', 'call', 'Ping', '--no-wsdl', '--ns', 'urn:ping'],
    ...['-e', `${server.url}/trickle?type=text/xml`],
  ]
  const cases: Array<[string, () => string[]]> = [
    ['rest', () => ['rest', 'get', '--no-lint', `${server.url}/trickle`]],
    ['soap', soapTrickle],
    ['a WSDL import', () => ['soap', 'ops', '--wsdl', `${server.url}/wsdl/import-slow`]],
  ]
  it.each(cases)('%s: --timeout 2 ends it, exit 3', async (_name, args) => {
    const result = await runMeasured([...args(), '--timeout', '2'])
    expectRefused(result, [3])
    expect(result.stderr).toMatch(/time limit/)
    expect(result.ms).toBeLessThan(6_000)
  })
})
