import { describe, expect, it } from 'vitest'
import { formatJson } from '../../src/render/format-json.js'
import { stripAnsi } from '../../src/render/text-width.js'

describe('formatJson', () => {
  it('matches JSON.stringify with two-space indentation when colour is off', () => {
    const values: unknown[] = [
      { b: 1, a: [1, 'two', null, true, { c: [] }, {}], é: 'ünïcødé ✓', nested: { deep: { deeper: [[]] } } },
      [],
      {},
      'plain',
      0,
      -0,
      1e21,
      [undefined, () => 1, Symbol('s')],
      { skipped: undefined, kept: 1, fn: () => 1 },
      { when: new Date(0) },
      'quote " backslash \\ control \u0001 newline \n',
      Number.NaN,
    ]
    for (const value of values)
      expect(formatJson(value, { colour: false })).toBe(JSON.stringify(value, null, 2))
  })

  it('keeps key order, leaves unicode as is and supports other indents', () => {
    expect(formatJson({ z: 'ж', a: '😀' }, { colour: false })).toBe('{\n  "z": "ж",\n  "a": "😀"\n}')
    expect(formatJson({ a: [1, 2] }, { colour: false, indent: 4 })).toBe(
      '{\n    "a": [\n        1,\n        2\n    ]\n}',
    )
    expect(formatJson({ a: [1, 2] }, { colour: false, indent: 0 })).toBe('{"a":[1,2]}')
  })

  it('prints null for undefined at the top, bigints as numbers and cycles as a marker', () => {
    expect(formatJson(undefined, { colour: false })).toBe('null')
    expect(formatJson({ n: 12345678901234567890n }, { colour: false })).toBe(
      '{\n  "n": 12345678901234567890\n}',
    )
    const cyclic: Record<string, unknown> = { name: 'loop' }
    cyclic.self = cyclic
    expect(formatJson(cyclic, { colour: false })).toBe('{\n  "name": "loop",\n  "self": "[Circular]"\n}')
    const shared = { x: 1 }
    expect(formatJson([shared, shared], { colour: false, indent: 0 })).toBe('[{"x":1},{"x":1}]')
  })

  it('colours keys, strings, numbers, booleans and null differently', () => {
    const out = formatJson({ key: 'text', count: 2, ok: true, none: null }, { colour: true })
    expect(out).toContain('\u001b[')
    const colourOf = (token: string) =>
      new RegExp(`\\u001b\\[([0-9;]+)m${token.replace(/"/g, '"')}\\u001b\\[0m`).exec(out)?.[1]
    const colours = ['"key"', '"text"', '2', 'true', 'null'].map(colourOf)
    expect(colours.every((colour) => colour !== undefined)).toBe(true)
    expect(new Set(colours.slice(1)).size).toBe(4)
    expect(colourOf('"key"')).not.toBe(colourOf('"text"'))
    expect(stripAnsi(out)).toBe(
      formatJson({ key: 'text', count: 2, ok: true, none: null }, { colour: false }),
    )
  })

  it('prints hostile nesting without recursion and with output linear in depth', () => {
    const depth = 100_000
    const value = JSON.parse(`${'['.repeat(depth)}1${']'.repeat(depth)}`)
    const out = formatJson(value, { colour: false })
    expect(out.length).toBeLessThan(depth * 2 + 200 * 200 * 2 + 1000)
    expect(out.replace(/\s/g, '')).toBe(`${'['.repeat(depth)}1${']'.repeat(depth)}`)
  })
})
