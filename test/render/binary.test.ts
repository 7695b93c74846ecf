import { describe, expect, it } from 'vitest'
import { isProbablyBinary } from '../../src/core/is-probably-binary.js'
import { formatBinaryNotice } from '../../src/render/binary.js'

describe('isProbablyBinary', () => {
  it('accepts text in UTF-8 and other declared charsets', () => {
    expect(isProbablyBinary(Buffer.from('{"name":"café ✓"}\n'), 'application/json')).toBe(false)
    expect(isProbablyBinary(Buffer.from('plain\ttext\r\n\u001b[1mbold'))).toBe(false)
    expect(isProbablyBinary(Buffer.from([0x63, 0x61, 0x66, 0xe9]), 'text/plain; charset=ISO-8859-1')).toBe(
      false,
    )
    expect(isProbablyBinary(Buffer.from('hi', 'utf16le'), 'text/plain; charset=utf-16le')).toBe(false)
    expect(isProbablyBinary(Buffer.alloc(0), 'application/octet-stream')).toBe(false)
    expect(isProbablyBinary(Buffer.from('<svg/>'), 'image/svg+xml')).toBe(false)
  })

  it('flags known binary types, NUL bytes, invalid UTF-8 and control-heavy data', () => {
    expect(isProbablyBinary(Buffer.from('looks like text'), 'image/png')).toBe(true)
    expect(isProbablyBinary(Buffer.from('text'), 'application/octet-stream')).toBe(true)
    expect(isProbablyBinary(Buffer.from([0x68, 0x00, 0x69]))).toBe(true)
    expect(isProbablyBinary(Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x21]), 'text/plain')).toBe(true)
    expect(isProbablyBinary(Buffer.from([1, 2, 3, 4, 5, 65, 66, 67]))).toBe(true)
  })

  it('does not misjudge a multi-byte character cut by the sample boundary', () => {
    const text = Buffer.from(`${'a'.repeat(8191)}é${'b'.repeat(100)}`)
    expect(isProbablyBinary(text, 'text/plain')).toBe(false)
  })
})

describe('formatBinaryNotice', () => {
  it('boxes the note with the size and type', () => {
    expect(formatBinaryNotice(12_345, 'image/png')).toBe(
      [
        '+-----------------------------------------+',
        '| NOTE: binary data not shown in terminal |',
        '| 12.3 kB, image/png                      |',
        '| redirect stdout to a file to save it    |',
        '+-----------------------------------------+',
      ].join('\n'),
    )
    expect(formatBinaryNotice(1)).toContain('| 1 byte ')
    expect(formatBinaryNotice(999, undefined, { colour: true })).toContain('\u001b[')
  })
})
