import { describe, expect, it } from 'vitest'
import { ResponseError } from '../../../src/core/errors.js'
import { streamFraming } from '../../../src/core/exchange.js'
import {
  MAX_RECORD_CHARS,
  type StreamRecord,
  StreamRecords,
} from '../../../src/protocols/rest/client/stream-records.js'

/** Feeds `text` to a codec in pieces of `size` bytes (cutting anywhere, UTF-8 sequences included); all records. */
function records(framing: 'event-stream' | 'json-lines', text: string, size = 1): StreamRecord[] {
  const codec = new StreamRecords(framing)
  const bytes = Buffer.from(text, 'utf8')
  const out: StreamRecord[] = []
  for (let at = 0; at < bytes.length; at += size) out.push(...codec.push(bytes.subarray(at, at + size)))
  out.push(...codec.end())
  return out
}

const events = (text: string, size?: number) =>
  records('event-stream', text, size).map((record) => {
    if (record.kind !== 'event') throw new Error('not an event')
    return record
  })

describe('server-sent events: the WHATWG spec examples (html.spec.whatwg.org, server-sent events, 9.2.5)', () => {
  for (const size of [1, 3, 1000]) {
    it(`multi-line data is joined with newlines (cut every ${size} bytes)`, () => {
      expect(events('data: YHOO\ndata: +2\ndata: 10\n\n', size)).toEqual([
        { kind: 'event', data: 'YHOO\n+2\n10' },
      ])
    })
  }

  it('comments are not events; id is per event; a last block without its blank line is not dispatched', () => {
    const text = ': test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n'
    expect(events(text)).toEqual([
      { kind: 'event', data: 'first event', id: '1' },
      { kind: 'event', data: 'second event', id: '' },
    ])
  })

  it('`data` with no value: an empty event, then one whose data is a single newline', () => {
    expect(events('data\n\ndata\ndata\n\ndata:\n')).toEqual([
      { kind: 'event', data: '' },
      { kind: 'event', data: '\n' },
    ])
  })

  it('one leading space after the colon is dropped, no more', () => {
    expect(events('data:test\n\ndata: test\n\n')).toEqual([
      { kind: 'event', data: 'test' },
      { kind: 'event', data: 'test' },
    ])
  })

  it('CR, LF and CRLF all end lines; event names are kept; retry is not an event', () => {
    expect(events('retry: 10\revent: add\r\ndata: 1\r\rdata: é😀\n\n', 2)).toEqual([
      { kind: 'event', event: 'add', data: '1' },
      { kind: 'event', data: 'é😀' },
    ])
  })

  it('an event that never ends is refused past the bound, not held without limit', () => {
    const codec = new StreamRecords('event-stream')
    const line = Buffer.from(`data: ${'x'.repeat(1024 * 1024)}\n`)
    expect(() => {
      for (let mib = 0; mib <= MAX_RECORD_CHARS / (1024 * 1024); mib++) codec.push(line)
    }).toThrow(ResponseError)
  })
})

describe('NDJSON, JSON Lines and JSON text sequences', () => {
  it('one record per line, parsed when JSON, as text when not; blank lines and CR skipped', () => {
    expect(records('json-lines', '{"a":1}\r\n\n[2]\nnot json\n"s"', 4)).toEqual([
      { kind: 'line', text: '{"a":1}', json: true, value: { a: 1 } },
      { kind: 'line', text: '[2]', json: true, value: [2] },
      { kind: 'line', text: 'not json', json: false },
      { kind: 'line', text: '"s"', json: true, value: 's' },
    ])
  })

  it('RFC 7464: the record separator before each text is dropped', () => {
    expect(records('json-lines', '\u001e{"a":1}\n\u001e{"b":2}\n')).toEqual([
      { kind: 'line', text: '{"a":1}', json: true, value: { a: 1 } },
      { kind: 'line', text: '{"b":2}', json: true, value: { b: 2 } },
    ])
  })

  it('a line that never ends is refused past the bound', () => {
    const codec = new StreamRecords('json-lines')
    const chunk = Buffer.alloc(1024 * 1024, 'x')
    expect(() => {
      for (let mib = 0; mib <= MAX_RECORD_CHARS / (1024 * 1024); mib++) codec.push(chunk)
    }).toThrow(/longer than 16 Mi characters/)
  })

  it('the framing comes from the Content-Type', () => {
    expect(streamFraming('text/event-stream; charset=utf-8')).toBe('event-stream')
    for (const type of ['application/x-ndjson', 'application/jsonl', 'application/json-seq'])
      expect(streamFraming(type)).toBe('json-lines')
    expect(streamFraming('application/json')).toBeUndefined()
    expect(streamFraming(undefined)).toBeUndefined()
  })
})
