// Issue 11's bars on the paths added after it: a proxy, HTTP/2, downloads, streamed printing. A bomb or an
// endless body is exit 6 in bounded memory, server text on a terminal is inert, a proxy's password is in no
// message.
import { readdirSync, readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  expectInert,
  type HostileServer,
  pingCall,
  startHostileServer,
  UNSAFE,
} from '../support/hostile-server.js'
import { isolatedEnv, runCli } from '../support/run-cli.js'
import { hasPty, runInTerminal } from '../support/run-in-terminal.js'
import { type MeasuredResult, runMeasured } from '../support/run-measured.js'
import { tempDir } from '../support/temp-dir.js'
import { makeTestPki, type TestPki } from '../support/test-pki.js'
import { startTestProxy, type TestProxy } from '../support/test-proxy.js'

let server: HostileServer
let h2: HostileServer
let proxy: TestProxy
let pki: TestPki
beforeAll(async () => {
  pki = makeTestPki()
  const tls = { key: readFileSync(pki.serverKeyFile), cert: readFileSync(pki.serverCertFile) }
  ;[server, h2, proxy] = await Promise.all([
    startHostileServer(),
    startHostileServer({ tls }),
    startTestProxy(),
  ])
})
afterAll(() => Promise.all([server.close(), h2.close(), proxy.close()]))

function expectRefused(result: MeasuredResult, message: RegExp): void {
  const shown = `exit ${result.code}, ${result.peakRssMb.toFixed(0)} MB, ${result.ms.toFixed(0)} ms: ${result.stderr.slice(0, 600)}`
  expect(result.code, shown).toBe(6)
  expect(result.killedForMemory, shown).toBe(false)
  expect(result.peakRssMb, shown).toBeLessThan(300)
  expect(result.stderr, shown).toMatch(message)
  expect(result.stderr, shown).not.toMatch(/This is a bug|internal error|failed:/)
}

const tooLarge = /The answer is larger than 64 MiB \(--max-size, counted after decompression\)/
const limit = ['--max-size', '64MiB', '--no-lint']

describe('bombs and endless bodies on the new paths', () => {
  it.each([
    ['gzip over HTTP/2', () => ['rest', 'get', `${h2.url}/gzip`, ...limit, '--http2', '--ca', pki.caFile]],
    ['brotli over HTTP/2', () => ['rest', 'get', `${h2.url}/br`, ...limit, '--http2', '--ca', pki.caFile]],
    ['gzip through a proxy', () => ['rest', 'get', `${server.url}/gzip`, ...limit, '--proxy', proxy.url]],
    [
      'endless through a proxy',
      () => ['rest', 'get', `${server.url}/endless`, ...limit, '--proxy', proxy.url],
    ],
    [
      'gzip through HTTPS_PROXY, over HTTP/2 in the tunnel',
      () => ['rest', 'get', `${h2.url}/gzip`, ...limit, '--http2', '--ca', pki.caFile, '--proxy', proxy.url],
    ],
    [
      'GraphQL gzip over HTTP/2',
      () => [
        'gql',
        '-e',
        `${h2.url}/gzip?type=application/json`,
        '--no-validate',
        '{ a }',
        '--max-size',
        '64MiB',
        '--http2',
        '--ca',
        pki.caFile,
      ],
    ],
  ])(
    '%s: exit 6, bounded',
    async (name, args) => {
      const result = await runMeasured(args(), { killAfterMs: 120_000 })
      if (!name.startsWith('GraphQL')) {
        expectRefused(result, tooLarge)
        return
      }
      // A long GraphQL answer streams: one that is not a GraphQL response is refused at its first
      // MiB, its stream closed at once (an HTTP/2 session left open kept the process to the time limit).
      expectRefused(result, /not a GraphQL response/)
      expect(result.ms).toBeLessThan(20_000)
    },
    130_000,
  )

  it('an endless --download stops at --max-size: exit 6 with the limit named, not a network error', async () => {
    const cwd = tempDir('apictl-download-')
    for (const via of [[], ['--proxy', proxy.url]]) {
      const result = await runMeasured(
        [
          'rest',
          'get',
          `${server.url}/endless`,
          '--download',
          'big.bin',
          '--force',
          '--max-size',
          '8MB',
          ...via,
        ],
        { cwd, killAfterMs: 60_000 },
      )
      expectRefused(result, /The download passed 8 MB \(--max-size\); apictl stopped it\./)
      expect(result.stderr).not.toMatch(/Check the URL/)
    }
  }, 130_000)

  it("a proxy's password is in no message (--proxy or HTTP_PROXY; rest, gql, soap, downloads)", async () => {
    const proxyUrl = 'http://puser:psecret-4711@127.0.0.1:9'
    const calls = [
      ['rest', 'get', `${server.url}/escape/text`, '--no-lint'],
      ['gql', '-e', `${server.url}/escape/graphql`, '--no-validate', '{ a }'],
      ['soap', 'call', 'Ping', '--no-wsdl', '--ns', 'urn:ping', '-e', `${server.url}/escape/soap-result`],
      ['rest', 'get', `${server.url}/escape/text`, '--download', 'x.txt', '--force'],
    ]
    const cwd = tempDir('apictl-proxy-secret-')
    for (const call of calls) {
      for (const [args, env] of [
        [[...call, '--proxy', proxyUrl, '-v'], isolatedEnv()],
        [call, isolatedEnv({ HTTP_PROXY: proxyUrl })],
      ] as const) {
        const result = await runCli([...args], { env, cwd })
        expect(result.code, result.stderr).toBe(3)
        expect(result.stderr).toMatch(/Could not reach the proxy http:\/\/127\.0\.0\.1:9/)
        expect(`${result.stdout}${result.stderr}`).not.toContain('psecret-4711')
      }
    }
  }, 60_000)
})

describe.skipIf(!hasPty)('server text on a terminal, on the new paths', () => {
  it('a Content-Disposition file name with escapes: shown inert, saved without them', async () => {
    const cwd = tempDir('apictl-download-name-')
    const result = await runInTerminal(
      ['rest', 'get', `${server.url}/escape/download`, '--download'],
      isolatedEnv({ NO_COLOR: '1' }),
      '',
      cwd,
    )
    expectInert(result.screen, 'download')
    expect(result.screen).toMatch(/Saved 3 B to r/)
    const saved = readdirSync(cwd)
    expect(saved).toHaveLength(1)
    expect(UNSAFE.test(saved[0]!), JSON.stringify(saved)).toBe(false)
  })

  it.each([
    ['HTTP/2', () => ['rest', 'get', `${h2.url}/escape/text`, '--no-lint', '--http2', '--ca', pki.caFile]],
    ['a proxy', () => ['rest', 'get', `${server.url}/escape/text`, '--no-lint', '--proxy', proxy.url]],
    [
      'a proxy, XML names streamed',
      () => ['rest', 'get', `${server.url}/escape/xml-names`, '--no-lint', '--proxy', proxy.url],
    ],
    [
      'HTTP/2, SOAP names',
      () => [...pingCall(`${h2.url}/escape/soap-names?legal`), '--http2', '--ca', pki.caFile],
    ],
  ])('text through %s', async (name, args) => {
    for (const colour of [{ NO_COLOR: '1' }, { FORCE_COLOR: '1' }]) {
      const result = await runInTerminal(args(), isolatedEnv(colour))
      expect(result.screen).not.toMatch(/This is a bug/)
      expect(result.screen).toMatch(/before|m\\u001bcx|v\\u061cw/)
      expectInert(result.screen, `${name} ${JSON.stringify(colour)}`)
    }
  })
})
