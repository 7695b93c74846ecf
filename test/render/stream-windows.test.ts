import { describe, expect, it } from 'vitest'
import { formatJson } from '../../src/render/format-json.js'
import { formatXml } from '../../src/render/format-xml.js'
import { JsonListReader } from '../../src/render/json-list-reader.js'
import { JsonStreamLayout } from '../../src/render/json-stream-layout.js'
import { JsonStreamError } from '../../src/render/json-stream-printer.js'
import { OutputBuffer } from '../../src/render/output-buffer.js'
import { TABLE_WINDOW_ROWS, TableStream } from '../../src/render/print-table-stream.js'
import { tableOf } from '../../src/render/table-of.js'
import { Utf8Chunks } from '../../src/render/utf8-chunks.js'
import { XmlByteTokenizer } from '../../src/render/xml-byte-tokenizer.js'
import { XmlJsonStream } from '../../src/render/xml-json-stream.js'
import { XML_PRINT_WINDOW, XmlStreamPrinter } from '../../src/render/xml-stream-printer.js'
import { XmlTableStream } from '../../src/render/xml-table-stream.js'
import { xmlToJson } from '../../src/render/xml-to-json.js'
import { XmlTokenObjects } from '../../src/render/xml-token-objects.js'

/** Feeds `text` as UTF-8 in pieces of `size` bytes to `push`; what `emit` was given, as text. */
function streamed(
  text: string,
  size: number,
  make: (out: OutputBuffer) => { push(b: Buffer): void; end(): void },
) {
  const chunks: Buffer[] = []
  const out = new OutputBuffer((chunk) => chunks.push(chunk))
  const reader = make(out)
  const bytes = Buffer.from(text, 'utf8')
  for (let at = 0; at < bytes.length; at += size) reader.push(bytes.subarray(at, at + size))
  reader.end()
  out.flush()
  return Buffer.concat(chunks).toString('utf8')
}

const list = (count: number, item: (n: number) => string) =>
  `<?xml version="1.0"?>\n<list>${Array.from({ length: count }, (_, n) => item(n)).join('')}</list>`

describe('XML past the layout window', () => {
  it('a long list prints as the whole document does, mixed content inside items included', () => {
    const text = list(40_000, (n) => `<item n="${n}"><p>some <b>bold</b> text ${n}</p><v>${n}</v></item>`)
    expect(text.length).toBeGreaterThan(2 * XML_PRINT_WINDOW)
    const printed = streamed(text, 4093, (out) => new XmlStreamPrinter(out, false))
    expect(printed).toBe(formatXml(text, { colour: false }))
  })

  it('text that comes into a committed element later gets a line of its own; nothing is lost', () => {
    const text = list(100_000, (n) => `<v>${n}</v>`).replace('</list>', 'and a tail</list>')
    const printed = streamed(text, 65_536, (out) => new XmlStreamPrinter(out, false))
    const lines = printed.split('\n')
    expect(lines.at(-2)).toBe('  and a tail')
    expect(lines.at(-1)).toBe('</list>')
    expect(lines.filter((line) => line.startsWith('  <v>'))).toHaveLength(100_000)
  })
})

describe('XML as JSON past the window', () => {
  const convert = (text: string) =>
    streamed(text, 8191, (out) => {
      const layout = new JsonStreamLayout(out, false)
      const converter = new XmlJsonStream(layout)
      const tokens = new XmlByteTokenizer(new XmlTokenObjects((token) => converter.place(token)))
      return {
        push: (chunk) => tokens.push(chunk),
        end: () => {
          tokens.end()
          converter.end()
        },
      }
    })

  it('a long list (attributes, a wrapper, a trailing field) converts as the whole document does', () => {
    const text = `<r a="1"><head>h</head><items>${Array.from({ length: 40_000 }, (_, n) => `<item id="${n}"><x>${n}</x></item>`).join('')}</items><total>40000</total></r>`
    expect(convert(text)).toBe(formatJson(xmlToJson(text), { colour: false }))
  })

  it('a name that comes back after others starts a second field of that name (valid JSON, nothing lost)', () => {
    const text = `<r>${`<a>${'1'.repeat(60)}</a>`.repeat(25_000)}<b>2</b><c>4</c><a>3</a></r>`
    const json = convert(text)
    const value = JSON.parse(json) as { r: Record<string, unknown> }
    expect(Object.keys(value.r)).toEqual(['a', 'b', 'c'])
    expect(value.r.a).toBe('3')
    expect(json.match(/"a": /g)).toHaveLength(2)
  })

  it('one other name in between is held back, so the list stays one', () => {
    const text = `<r>${`<a>${'1'.repeat(60)}</a>`.repeat(25_000)}<b>2</b><a>3</a></r>`
    expect(convert(text)).toBe(formatJson(xmlToJson(text), { colour: false }))
  })
})

describe('JsonListReader', () => {
  const read = (text: string, size = 3) => {
    const seen: unknown[] = []
    const reader = new JsonListReader({
      item: (value, field) => seen.push(['item', field, value]),
      listStart: (name) => seen.push(['start', name]),
      listEnd: (name) => seen.push(['end', name]),
      field: (name, value) => seen.push(['field', name, value]),
      scalar: (value) => seen.push(['scalar', value]),
    })
    const bytes = Buffer.from(text)
    for (let at = 0; at < bytes.length; at += size) reader.push(bytes.subarray(at, at + size))
    reader.end()
    return seen
  }

  it('gives the items of a top-level list and of the lists in an object, each parsed', () => {
    expect(read(' [ {"a":[1,"]"]} , 2.5e3,"x\\"]", null ,[[]] ] ')).toEqual([
      ['item', undefined, { a: [1, ']'] }],
      ['item', undefined, 2500],
      ['item', undefined, 'x"]'],
      ['item', undefined, null],
      ['item', undefined, [[]]],
    ])
    expect(read('{"n\\u0061me":{"x":1},"data":[true,{}],"__proto__":7}')).toEqual([
      ['field', 'name', { x: 1 }],
      ['start', 'data'],
      ['item', 'data', true],
      ['item', 'data', {}],
      ['end', 'data'],
      ['field', '__proto__', 7],
    ])
    expect(read('"just text"')).toEqual([['scalar', 'just text']])
  })

  it('throws a JsonStreamError for what is not JSON, around the items or in one', () => {
    for (const text of [
      '[{"a":1}{"b":2}]',
      '{"a" 1}',
      '[1,]',
      '[1] 2',
      '{"a":[1,2}',
      '[01]',
      '[1',
      '',
      '{"a":1,}',
    ]) {
      expect(() => read(text), text).toThrow(JsonStreamError)
    }
  })
})

describe('TableStream', () => {
  it('a list longer than its window: columns from the first rows, later keys named in a note', () => {
    const items = Array.from({ length: TABLE_WINDOW_ROWS + 5 }, (_, n) =>
      n === TABLE_WINDOW_ROWS + 2 ? { id: n, late: 'x' } : { id: n },
    )
    const written: string[] = []
    const notes: string[] = []
    const table = new TableStream(
      { colour: false, columns: Number.POSITIVE_INFINITY, note: (note) => notes.push(note) },
      { isTTY: false, write: (text) => written.push(String(text)) },
    )
    table.reader.push(Buffer.from(JSON.stringify(items)))
    table.end()
    const lines = written.join('').split('\n')
    expect(lines[1]).toMatch(/^│ id +│$/)
    expect(lines).toHaveLength(items.length + 5)
    expect(lines.at(-1)).toBe(
      '(later rows also have late, not shown: columns come from the first rows; try -o json)',
    )
    expect(notes).toEqual([])
  })
})

describe('XmlTableStream', () => {
  const view = { colour: false, columns: Number.POSITIVE_INFINITY, note: () => {} }
  const table = (text: string, size = 4093) =>
    streamed(text, size, (out) => new XmlTableStream(view, (chunk) => out.writeText(chunk)))
  const whole = (text: string) => tableOf(xmlToJson(text), view, true)
  const row = (n: number) => `<item id="${n}"><name>n${n}</name><price>${n / 4}</price></item>`

  it('a list shorter than the window, and a body without a long list, print as the whole value does', () => {
    const short = list(TABLE_WINDOW_ROWS - 1, row)
    expect(table(short, 7)).toBe(whole(short))
    // The first long list is not the table's (the root has other fields): held and shown whole.
    const other = `<r><a>1</a><b>2</b>${Array.from({ length: TABLE_WINDOW_ROWS + 10 }, (_, n) => row(n)).join('')}</r>`
    expect(table(other)).toBe(whole(other))
  })

  it('a long list streams: every row once, in order, columns from the first rows, ids given room to grow', () => {
    const count = TABLE_WINDOW_ROWS * 3 + 7
    const text = `<soap:Envelope xmlns:soap="urn:s"><soap:Body><ListResponse><items total="${count}">${Array.from({ length: count }, (_, n) => row(n + 8_995)).join('')}</items></ListResponse></soap:Body></soap:Envelope>`
    const lines = table(text).split('\n')
    expect(lines).toHaveLength(count + 4)
    expect(lines[1]).toMatch(/^│ @id +│ name +│ price +│$/)
    const ids = lines.slice(3, -1).map((line) => Number(line.split('│')[1]))
    expect(ids).toEqual(Array.from({ length: count }, (_, n) => n + 8_995))
    expect(lines.at(-2)).toMatch(new RegExp(`^│ ${count + 8_994} +│ n1`))
    expect(new Set(lines.map((line) => line.length)).size).toBe(1)
  })
})

describe('Utf8Chunks', () => {
  it('reads a body cut anywhere as Buffer.toString reads it whole, bad bytes included', () => {
    const body = Buffer.concat([
      Buffer.from('aé東😀', 'utf8'),
      Buffer.from([0xff, 0xe6, 0x97, 0x41, 0xf0, 0x9f, 0x98, 0xc3]),
    ])
    for (let cut = 0; cut <= body.length; cut++) {
      for (let second = cut; second <= body.length; second++) {
        const utf8 = new Utf8Chunks()
        const parts = [body.subarray(0, cut), body.subarray(cut, second), body.subarray(second)].map((part) =>
          utf8.next(part),
        )
        expect(Buffer.concat([...parts, utf8.end()]).toString('utf8')).toBe(body.toString('utf8'))
      }
    }
  })
})
