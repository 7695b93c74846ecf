import type { ServerResponse } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatJson } from '../../src/render/format-json.js'
import { formatXml } from '../../src/render/format-xml.js'
import { displayWidth, stripAnsi } from '../../src/render/text-width.js'
import { xmlToJson } from '../../src/render/xml-to-json.js'
import { isolatedEnv, runCli } from '../support/run-cli.js'
import { runMeasured } from '../support/run-measured.js'
import { startTestServer, type TestServer } from '../support/test-server.js'

/**
 * Bodies over the 1 MiB window stream from the transport to the printer:
 * each case here is several MiB, sent in pieces by a server that never holds
 * more than one item, and checked against what the whole-body formatters
 * print for the same text.
 */
const cities = ['Zürich', 'São Paulo', 'Kraków', '東京']

function item(n: number) {
  return {
    id: n + 1,
    name: `item ${n} "${cities[n % cities.length]}"`,
    price: n % 7 === 0 ? 1.5e21 : ((n * 37) % 10000) / 100,
    tags: n % 3 === 0 ? [] : ['a', `t${n % 11}`],
    stock: n % 5 === 0 ? null : { warehouse: `w${n % 13}`, count: n % 97 },
    active: n % 2 === 0,
    note: n % 101 === 0 ? 'tab\tand \\u escapes \u00e9 \ud83d\ude00' : 'plain',
  }
}

const xmlItem = (n: number) =>
  `<item id="${n + 1}" kind='k${n % 3}'><name>item ${n} &amp; ${cities[n % cities.length]}</name>` +
  `<price>${((n * 37) % 10000) / 100}</price><tags><tag>a</tag><tag>t${n % 11}</tag></tags></item>`

const COUNT = 16_000
let server: TestServer
let jsonText: string
let xmlText: string

/** Writes a body in pieces of ~16 KiB, as a server that generates it would. */
function sendInPieces(response: ServerResponse, type: string, parts: Iterable<string>): void {
  response.writeHead(200, { 'content-type': type })
  let batch = ''
  for (const part of parts) {
    batch += part
    if (batch.length > 16_384) {
      response.write(batch)
      batch = ''
    }
  }
  response.end(batch)
}

function* jsonParts(count: number) {
  yield '['
  for (let n = 0; n < count; n++) yield (n === 0 ? '' : ',') + JSON.stringify(item(n))
  yield ']'
}

function* xmlParts(count: number) {
  yield '<?xml version="1.0"?>\n<items total="many">'
  for (let n = 0; n < count; n++) yield xmlItem(n)
  yield '</items>'
}

beforeAll(async () => {
  jsonText = [...jsonParts(COUNT)].join('')
  xmlText = [...xmlParts(COUNT)].join('')
  server = await startTestServer((request, response) => {
    const url = new URL(request.url, 'http://x')
    const count = Number(url.searchParams.get('n') ?? COUNT)
    if (url.pathname === '/items.json') sendInPieces(response, 'application/json', jsonParts(count))
    else if (url.pathname === '/items.xml') sendInPieces(response, 'application/xml', xmlParts(count))
    else if (url.pathname === '/envelope.json') {
      sendInPieces(response, 'application/json', [
        '{"page":1,"data":',
        ...jsonParts(count),
        ',"next":"/envelope.json?page=2"}',
      ])
    } else if (url.pathname === '/html.json') {
      sendInPieces(response, 'application/json', ['<html><body>', ...Array(30_000).fill('<p>oops</p>\n')])
    } else if (url.pathname === '/broken-late.json') {
      const parts = [...jsonParts(count)]
      parts[parts.length - 1] = ',oops]'
      sendInPieces(response, 'application/json', parts)
    } else if (url.pathname === '/fields.json') {
      // One object of many fields: no list to stream as a table.
      sendInPieces(response, 'application/json', [
        '{',
        ...Array.from({ length: count }, (_, n) => `${n ? ',' : ''}"k${n}":"v"`),
        '}',
      ])
    } else if (url.pathname === '/fields.xml') {
      sendInPieces(response, 'application/xml', [
        '<root>',
        ...Array.from({ length: count }, (_, n) => `<k${n}>v</k${n}>`),
        '</root>',
      ])
    } else if (url.pathname === '/text.xml') {
      // One text value of `n` MiB.
      sendInPieces(response, 'application/xml', [
        '<root><blob>',
        ...Array(count).fill('x'.repeat(1 << 20)),
        '</blob></root>',
      ])
    } else if (url.pathname === '/cut.json') {
      response.writeHead(200, { 'content-type': 'application/json' })
      const parts = [...jsonParts(count)].join('')
      response.write(parts.slice(0, 3_000_000), () => response.destroy())
    } else response.writeHead(404).end()
  })
}, 60_000)
afterAll(() => server.close())

describe('bodies that stream', () => {
  it('JSON: piped, byte for byte what JSON.stringify(…, null, 2) makes of it', async () => {
    const result = await runCli(['rest', 'get', `${server.url}/items.json`], { killAfterMs: 60_000 })
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).toBe(`${JSON.stringify(JSON.parse(jsonText), null, 2)}\n`)
  })

  it('JSON coloured: the same text under the colours', async () => {
    const result = await runCli(['rest', 'get', `${server.url}/items.json`], {
      env: isolatedEnv({ FORCE_COLOR: '1' }),
      killAfterMs: 60_000,
    })
    expect(result.stdout).toContain('\u001b[34m"id"\u001b[0m')
    const plain = await runCli(['rest', 'get', `${server.url}/items.json`], { killAfterMs: 60_000 })
    expect(stripAnsi(result.stdout)).toBe(plain.stdout)
  })

  it('XML: pretty-printed as the whole-body formatter prints it; -o json converted as a whole', async () => {
    const pretty = await runCli(['rest', 'get', `${server.url}/items.xml`], { killAfterMs: 60_000 })
    expect(pretty.stdout).toBe(`${formatXml(xmlText, { colour: false })}\n`)
    const json = await runCli(['rest', 'get', `${server.url}/items.xml`, '-o', 'json'], {
      killAfterMs: 60_000,
    })
    expect(json.stderr).toBe('')
    expect(json.stdout).toBe(`${formatJson(xmlToJson(xmlText), { colour: false })}\n`)
  })

  it('-o raw: the bytes as received', async () => {
    const result = await runCli(['rest', 'get', `${server.url}/items.json`, '-o', 'raw'], {
      killAfterMs: 60_000,
    })
    expect(result.stdout).toBe(jsonText)
  })

  it('-o table: every row, columns from the first rows, numbers not cut', async () => {
    const result = await runCli(['rest', 'get', `${server.url}/items.json`, '-o', 'table'], {
      killAfterMs: 60_000,
    })
    expect(result.code).toBe(0)
    const lines = result.stdout.trimEnd().split('\n')
    expect(lines).toHaveLength(COUNT + 4)
    expect(lines[1]).toMatch(/^│ id +│ name +│ price +│ tags +│ stock +│ active +│ note +│$/)
    expect(lines.at(-2)).toMatch(new RegExp(`^│ +${COUNT} │ item ${COUNT - 1} `))
    expect(lines.at(-1)).toMatch(/^└─+┴/)
    expect(new Set(lines.slice(3, -1).map((line) => displayWidth(line))).size).toBe(1)
  })

  it('-o table of a paged envelope: its list, and the other fields named at the end', async () => {
    const result = await runCli(['rest', 'get', `${server.url}/envelope.json`, '-o', 'table'], {
      killAfterMs: 60_000,
    })
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(COUNT + 4)
    expect(result.stderr).toBe('note: -o table shows the list under "data"; -o json shows page, next too.\n')
  })

  it('-o table of an XML list: every row, columns from the first rows', async () => {
    const result = await runCli(['rest', 'get', `${server.url}/items.xml`, '-o', 'table'], {
      killAfterMs: 60_000,
    })
    expect(result.code).toBe(0)
    const lines = result.stdout.trimEnd().split('\n')
    expect(lines).toHaveLength(COUNT + 4)
    expect(lines[1]).toMatch(/^│ @id +│ @kind +│ name +│ price +│ tags +│$/)
    expect(lines.at(-2)).toMatch(new RegExp(`^│ ${COUNT} +│ k${(COUNT - 1) % 3} +│ item ${COUNT - 1} & `))
    expect(new Set(lines.slice(3, -1).map((line) => displayWidth(line))).size).toBe(1)
    expect(result.stderr).toBe('')
  })

  it('a long body that is not what it claims: shown as received, with the warning a short one gets', async () => {
    const result = await runCli(['rest', 'get', `${server.url}/html.json`], { killAfterMs: 60_000 })
    expect(result.stdout.startsWith('<html><body><p>oops</p>\n')).toBe(true)
    expect(result.stdout.length).toBe(12 + 30_000 * 12)
    expect(result.stderr).toMatch(
      /^warning: The body claims application\/json but is not valid JSON \(.*\); shown as received\.\n$/,
    )
  })

  it('a fault past the first MiB: the part before laid out, a warning, the rest as received', async () => {
    const result = await runCli(['rest', 'get', `${server.url}/broken-late.json`], { killAfterMs: 60_000 })
    expect(result.code).toBe(0)
    expect(result.stdout.startsWith('[\n  {\n    "id": 1,')).toBe(true)
    expect(result.stdout.endsWith('oops]\n')).toBe(true)
    expect(result.stderr).toMatch(
      /not valid JSON \(.* at byte \d+\): the part before is laid out above, the rest follows as received/,
    )
  })

  it('a connection cut in the middle: what arrived is printed, then the error and its exit code', async () => {
    const result = await runCli(['rest', 'get', `${server.url}/cut.json`], { killAfterMs: 60_000 })
    expect(result.code).not.toBe(0)
    expect(result.stdout.startsWith('[\n  {\n    "id": 1,')).toBe(true)
    expect(result.stderr).toMatch(/closed|ended|connection/i)
    expect(result.stderr).not.toMatch(/\n\s+at /)
  })

  it('memory stays bounded: a 60 MB body prints in under 150 MB', async () => {
    const count = 300_000
    const result = await runMeasured(['rest', 'get', `${server.url}/items.json?n=${count}`], {
      killAfterMs: 120_000,
      rssCapMb: 600,
    })
    expect(result.code).toBe(0)
    expect(result.stdoutBytes).toBeGreaterThan(60_000_000)
    expect(result.peakRssMb).toBeLessThan(150)
  }, 180_000)

  it.each(['json', 'xml'])(
    '-o table of a %s body with no list to stream: refused past 8 MiB, exit 6, memory bounded',
    async (kind) => {
      const result = await runMeasured(
        ['rest', 'get', `${server.url}/fields.${kind}?n=3000000`, '-o', 'table'],
        { killAfterMs: 120_000, rssCapMb: 1500 },
      )
      expect(result.code).toBe(6)
      expect(result.stderr).toMatch(/-o table would hold this body whole .* over 8 MiB/)
      expect(result.stderr).toMatch(/-o json or -o raw/)
      expect(result.stderr).not.toMatch(/\n\s+at /)
      expect(result.peakRssMb).toBeLessThan(300)
    },
    180_000,
  )

  it('XML with one 40 MiB text value: -o json refuses it (exit 6) in bounded memory; -o xml prints it', async () => {
    const url = `${server.url}/text.xml?n=40`
    const json = await runMeasured(['rest', 'get', url, '-o', 'json'], {
      killAfterMs: 120_000,
      rssCapMb: 1500,
    })
    expect(json.code).toBe(6)
    expect(json.stderr).toMatch(/a text value longer than 16 Mi characters/)
    expect(json.stderr).toMatch(/-o xml or -o raw/)
    expect(json.peakRssMb).toBeLessThan(200)
    const xml = await runMeasured(['rest', 'get', url, '-o', 'xml'], { killAfterMs: 120_000, rssCapMb: 1500 })
    expect(xml.code).toBe(0)
    expect(xml.stdoutBytes).toBeGreaterThan(40 * 1024 * 1024)
    expect(xml.peakRssMb).toBeLessThan(150)
  }, 180_000)

  it('memory stays bounded: a 40 MB XML list as -o table prints in under 150 MB', async () => {
    const count = 250_000
    const result = await runMeasured(['rest', 'get', `${server.url}/items.xml?n=${count}`, '-o', 'table'], {
      killAfterMs: 120_000,
      rssCapMb: 600,
    })
    expect(result.code).toBe(0)
    expect(result.stdoutBytes).toBeGreaterThan(count * 60)
    expect(result.peakRssMb).toBeLessThan(150)
  }, 180_000)
})
