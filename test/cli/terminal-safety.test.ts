// Escape sequences a server sends (title, screen clear, OSC 52 clipboard, hyperlink, C1 CSI, bidi
// override) never reach a terminal, in any output mode; `-o raw` to a pipe stays byte-exact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ESCAPE_TEXT,
  ESCAPES,
  expectInert,
  HOSTILE_NAMES,
  type HostileServer,
  pingCall,
  startHostileServer,
  UNSAFE,
} from '../support/hostile-server.js'
import { isolatedEnv, runCli } from '../support/run-cli.js'
import { hasPty, runInTerminal } from '../support/run-in-terminal.js'

let server: HostileServer
beforeAll(async () => {
  server = await startHostileServer()
})
afterAll(() => server.close())

const soap = (path: string, ...more: string[]) => pingCall(`${server.url}${path}`, ...more)
const rest = (path: string, ...more: string[]) => [
  'rest',
  'get',
  '--no-lint',
  `${server.url}${path}`,
  ...more,
]
const gql = (...more: string[]) => [
  'gql',
  '--no-validate',
  '-e',
  `${server.url}/escape/graphql`,
  '{ message }',
  ...more,
]

const formats = [[], ['-o', 'json'], ['-o', 'raw'], ['-o', 'table'], ['-o', 'xml']]

describe.skipIf(!hasPty)('server text on a terminal is shown, never obeyed', () => {
  const cases: Array<[string, () => string[]]> = [
    ...[
      '/escape/text',
      '/escape/html',
      '/escape/json-broken',
      '/escape/json',
      '/escape/xml',
      '/escape/error',
    ].flatMap((path) =>
      formats.map((format): [string, () => string[]] => [
        `rest ${path} ${format.join(' ')}`,
        () => rest(path, ...format),
      ]),
    ),
    ['rest /escape/header -v (status line and header values)', () => rest('/escape/header', '-v')],
    ['rest /escape/header (status line)', () => rest('/escape/header')],
    ['rest /escape/header-c1 -i (header values on stdout)', () => rest('/escape/header-c1', '-i')],
    ['rest /escape/header-c1 --print Hhbm', () => rest('/escape/header-c1', '--print', 'Hhbm')],
    ...['/escape/sse', '/escape/ndjson'].flatMap((path) =>
      formats.map((format): [string, () => string[]] => [
        `rest ${path} (a live stream) ${format.join(' ')}`,
        () => rest(path, ...format),
      ]),
    ),
    ['rest /escape/sse --stream -i', () => rest('/escape/sse', '--stream', '-i')],
    ...formats.map((format): [string, () => string[]] => [
      `soap fault ${format.join(' ')}`,
      () => soap('/escape/soap-fault', ...format),
    ]),
    ...formats.map((format): [string, () => string[]] => [
      `soap result ${format.join(' ')}`,
      () => soap('/escape/soap-result', ...format),
    ]),
    ...formats.map((format): [string, () => string[]] => [
      `gql errors and data ${format.join(' ')}`,
      () => gql(...format),
    ]),
    ['soap -v', () => soap('/escape/soap-fault', '-v')],
    ...formats.map((format): [string, () => string[]] => [
      `soap fault with ESC as a character reference (not XML) ${format.join(' ')}`,
      () => soap('/escape/soap-illegal', ...format),
    ]),
    // Names are server text too: an element, attribute, prefix or instruction target holding ESC, C1 or bidi
    // controls (taken by a lenient reader), or U+061C (a bidi mark XML allows in names, so a strict reader takes it).
    ...['/escape/xml-names', '/escape/xml-names?legal'].flatMap((path) =>
      formats.map((format): [string, () => string[]] => [
        `rest ${path} ${format.join(' ')}`,
        () => rest(path, ...format),
      ]),
    ),
    ...['/escape/soap-names?legal', '/escape/soap-names-fault?legal', '/escape/soap-names'].flatMap((path) =>
      formats.map((format): [string, () => string[]] => [
        `soap names ${path} ${format.join(' ')}`,
        () => soap(path, ...format),
      ]),
    ),
    ...[[], ['-o', 'json']].map((format): [string, () => string[]] => [
      `soap ops of a WSDL with controls in its names ${format.join(' ')}`,
      () => ['soap', 'ops', '--wsdl', `${server.url}/wsdl/escape-names`, ...format],
    ]),
    ...[
      ['envelope', ''],
      ['call', '--dry-run'],
      ['call', '-v'],
    ].map(([command, flag]): [string, () => string[]] => [
      `soap ${command} ${flag} of a WSDL operation with controls in its names`,
      () => [
        'soap',
        command!,
        `Ping${HOSTILE_NAMES.prefix}`,
        '--wsdl',
        `${server.url}/wsdl/escape-names`,
        '-e',
        `${server.url}/escape/soap-names?legal`,
        ...(flag === '' ? [] : [flag!]),
      ],
    ]),
  ]

  it.each(cases)('%s', async (name, args) => {
    for (const colour of [{ NO_COLOR: '1' }, { FORCE_COLOR: '1' }]) {
      const result = await runInTerminal(args(), isolatedEnv(colour))
      expect(result.screen).not.toMatch(/This is a bug/)
      expectInert(result.screen, `${name} ${JSON.stringify(colour)}`)
    }
  })

  it('a live stream shows its escape sequences as text: event names, ids, data, NDJSON lines', async () => {
    const events = await runInTerminal(rest('/escape/sse'), isolatedEnv({ NO_COLOR: '1' }))
    expect(events.screen).toContain('event: \\u001b]0;pwned\\u0007x\\u009b31m')
    expect(events.screen).toContain('id: \\u001b[2J\\u001b[H')
    expect(events.screen).toContain('abc\\u202edef')
    const lines = await runInTerminal(rest('/escape/ndjson'), isolatedEnv({ NO_COLOR: '1' }))
    expect(lines.screen).toContain('before \\u001b]0;pwned\\u0007')
    const head = await runInTerminal(rest('/escape/header-c1', '-i'), isolatedEnv({ NO_COLOR: '1' }))
    expect(head.screen).toContain('X-Evil: \\u009b31mred')
    expect(head.screen).toContain('X-Bidi: abcâ\\u0080®def')
  })

  it('the REPL shows hostile names and text escaped too', async () => {
    const lines = [
      `get ${server.url}/escape/xml-names --no-lint`,
      `get ${server.url}/escape/xml-names?legal --no-lint -o xml`,
      `get ${server.url}/escape/text --no-lint`,
      `soap Ping --no-wsdl --ns urn:ping -e ${server.url}/escape/soap-names?legal`,
      `soap Ping --no-wsdl --ns urn:ping -e ${server.url}/escape/soap-names-fault?legal`,
      '.exit',
    ]
    for (const colour of [{ NO_COLOR: '1' }, { FORCE_COLOR: '1' }]) {
      const result = await runInTerminal(['repl'], isolatedEnv(colour), `${lines.join('\n')}\n`)
      expect(result.screen).toContain('m\\u001bcx')
      expect(result.screen).toContain('v\\u061cw')
      expectInert(result.screen, `repl ${JSON.stringify(colour)}`)
    }
  })

  it('what was escaped is still visible, as text', async () => {
    const result = await runInTerminal(rest('/escape/text'), isolatedEnv({ NO_COLOR: '1' }))
    expect(result.screen).toContain('\\u001b]0;pwned\\u0007')
    expect(result.screen).toContain('abc\\u202edef')
    expect(result.screen).toContain('\\u009b31m')
  })
})

describe('-o raw to a pipe stays byte-exact', () => {
  it('the body as sent, escape sequences included', async () => {
    const result = await runCli(rest('/escape/text', '-o', 'raw'))
    expect(result.code).toBe(0)
    expect(result.stdout).toBe(`${ESCAPE_TEXT}\n`)
    expect(result.stdout).toContain(ESCAPES.clipboard)
  })

  it('messages on stderr are escaped even when stderr is not a terminal', async () => {
    const result = await runCli(rest('/escape/json-broken'))
    expect(result.stderr).toMatch(/not valid JSON/)
    expect(UNSAFE.test(result.stderr)).toBe(false)
    const fault = await runCli(soap('/escape/soap-fault'))
    expect(fault.code).toBe(5)
    expect(UNSAFE.test(fault.stderr)).toBe(false)
    const graphql = await runCli(gql())
    expect(UNSAFE.test(graphql.stderr)).toBe(false)
  })
})
