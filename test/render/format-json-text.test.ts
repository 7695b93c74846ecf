import { describe, expect, it } from 'vitest'
import { formatJsonText } from '../../src/render/format-json-text.js'

describe('formatJsonText', () => {
  it('indents a body and keeps number spellings and duplicate keys as sent', () => {
    const result = formatJsonText(
      '{"id":12345678901234567890,"price":1.50,"e":1E5,"id":2,"list":[],"o":{}}',
      {
        colour: false,
      },
    )
    expect(result).toEqual({
      parsed: true,
      text: '{\n  "id": 12345678901234567890,\n  "price": 1.50,\n  "e": 1E5,\n  "id": 2,\n  "list": [],\n  "o": {}\n}',
    })
  })

  it('re-encodes strings so escapes of printable characters show as the characters', () => {
    const result = formatJsonText('["caf\\u00e9", "a\\/b", "tab\\t", "esc\\u001b", "q\\"", "k\\\\"]', {
      colour: false,
    })
    expect(result.text).toBe('[\n  "café",\n  "a/b",\n  "tab\\t",\n  "esc\\u001b",\n  "q\\"",\n  "k\\\\"\n]')
  })

  it('tells keys from string values inside nested containers', () => {
    const result = formatJsonText('{"a":{"b":"c","d":["e",{"f":"g"}]},"h":"i"}', { colour: true })
    expect(result.text).toContain('\u001b[34m"f"\u001b[0m')
    expect(result.text).toContain('\u001b[32m"g"\u001b[0m')
    expect(result.text).toContain('\u001b[34m"h"\u001b[0m')
    expect(result.text).toContain('\u001b[32m"i"\u001b[0m')
  })

  it('accepts a byte order mark and surrounding whitespace', () => {
    expect(formatJsonText('\uFEFF {"a" : true}\r\n', { colour: false })).toEqual({
      parsed: true,
      text: '{\n  "a": true\n}',
    })
  })

  it('returns the input unchanged with parsed=false and the reason when it is not JSON', () => {
    for (const text of ['{"a":', '<html></html>', '', 'NaN', '{"a":1}}']) {
      const result = formatJsonText(text, { colour: true })
      expect(result.parsed).toBe(false)
      expect(result.text).toBe(text)
      expect(result.error).toBeTypeOf('string')
    }
  })

  it('handles a body nested far deeper than the stack allows', () => {
    const depth = 200_000
    const result = formatJsonText(`${'{"a":'.repeat(depth)}null${'}'.repeat(depth)}`, { colour: false })
    expect(result.parsed).toBe(true)
    expect(result.text.length).toBeLessThan(depth * 6 + 200 * 200 * 2 + 5000)
  })
})
