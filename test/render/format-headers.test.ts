import { describe, expect, it } from 'vitest'
import { formatHeaders } from '../../src/render/format-headers.js'
import { formatStatusLine } from '../../src/render/format-status-line.js'

describe('formatStatusLine', () => {
  it('prints the HTTPie-style status line', () => {
    expect(formatStatusLine({ httpVersion: '1.1', status: 200, statusText: 'OK' }, { colour: false })).toBe(
      'HTTP/1.1 200 OK',
    )
    expect(formatStatusLine({ httpVersion: 'HTTP/2', status: 204, statusText: '' }, { colour: false })).toBe(
      'HTTP/2 204',
    )
  })

  it('colours the status by class', () => {
    const line = (status: number) =>
      formatStatusLine({ httpVersion: '1.1', status, statusText: 'X' }, { colour: true })
    expect(line(200)).toBe('\u001b[34mHTTP/1.1\u001b[0m \u001b[1;32m200 X\u001b[0m')
    expect(line(301)).toContain('\u001b[1;36m301 X')
    expect(line(404)).toContain('\u001b[1;33m404 X')
    expect(line(503)).toContain('\u001b[1;31m503 X')
  })

  it('escapes control characters in the reason phrase', () => {
    expect(
      formatStatusLine({ httpVersion: '1.1', status: 200, statusText: 'OK\u001b[2J' }, { colour: false }),
    ).toBe('HTTP/1.1 200 OK\\u001b[2J')
  })
})

describe('formatHeaders', () => {
  it('prints Name: value lines, title-casing lower-case names and repeating list values', () => {
    const headers = {
      'content-type': 'application/json',
      'x-request-id': 'abc',
      ETag: '"v1"',
      'set-cookie': ['a=1; Path=/', 'b=2'],
    }
    expect(formatHeaders(headers, { colour: false })).toBe(
      [
        'Content-Type: application/json',
        'X-Request-Id: abc',
        'ETag: "v1"',
        'Set-Cookie: a=1; Path=/',
        'Set-Cookie: b=2',
      ].join('\n'),
    )
  })

  it('colours names and keeps values readable', () => {
    const out = formatHeaders({ 'content-type': 'text/plain' }, { colour: true })
    expect(out).toBe('\u001b[36mContent-Type\u001b[0m\u001b[2m:\u001b[0m text/plain')
  })

  it('escapes control characters and newlines in values', () => {
    expect(formatHeaders({ x: 'a\r\nInjected: yes\u001b[31m' }, { colour: false })).toBe(
      'X: a\\r\\nInjected: yes\\u001b[31m',
    )
  })

  it('prints nothing for no headers', () => {
    expect(formatHeaders({}, { colour: true })).toBe('')
  })
})
