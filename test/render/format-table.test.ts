import { describe, expect, it } from 'vitest'
import { fitColumnWidths } from '../../src/render/fit-column-widths.js'
import { formatTable } from '../../src/render/format-table.js'
import { stripAnsi } from '../../src/render/text-width.js'

const people = [
  { id: 1, name: 'Ada Lovelace', email: 'ada@example.com', tags: ['math', 'poetry'] },
  { id: 22, name: 'Grace', active: true, boss: null },
]

function widest(text: string): number {
  return Math.max(
    ...stripAnsi(text)
      .split('\n')
      .map((line) => [...line].length),
  )
}

describe('formatTable', () => {
  it('lays out a list of objects with the union of keys in first-seen order', () => {
    expect(formatTable(people, { colour: false, columns: 120 })).toBe(
      [
        '┌────┬──────────────┬─────────────────┬───────────────────┬────────┬──────┐',
        '│ id │ name         │ email           │ tags              │ active │ boss │',
        '├────┼──────────────┼─────────────────┼───────────────────┼────────┼──────┤',
        '│  1 │ Ada Lovelace │ ada@example.com │ ["math","poetry"] │        │      │',
        '│ 22 │ Grace        │                 │                   │ true   │ null │',
        '└────┴──────────────┴─────────────────┴───────────────────┴────────┴──────┘',
      ].join('\n'),
    )
  })

  it('truncates with … to fit the terminal width', () => {
    const out = formatTable(people, { colour: false, columns: 60 })
    expect(widest(out)).toBe(60)
    expect(out).toBe(
      [
        '┌────┬────────────┬────────────┬───────────┬────────┬──────┐',
        '│ id │ name       │ email      │ tags      │ active │ boss │',
        '├────┼────────────┼────────────┼───────────┼────────┼──────┤',
        '│  1 │ Ada Lovel… │ ada@examp… │ ["math",… │        │      │',
        '│ 22 │ Grace      │            │           │ true   │ null │',
        '└────┴────────────┴────────────┴───────────┴────────┴──────┘',
      ].join('\n'),
    )
  })

  it('never gets wider than the terminal, whatever the shape and width', () => {
    const long = 'x'.repeat(300)
    const shapes: unknown[] = [
      people,
      people[0],
      [1, 'two', null, long],
      Array.from({ length: 30 }, (_, index) => ({ [`column${index}`]: long, n: index })),
      { nested: { deep: [1, 2, { three: long }] }, text: `multi\nline\ttext ${long}` },
      [{ wide: '漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字', emoji: '😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀' }],
      long,
    ]
    for (const shape of shapes) {
      for (const columns of [10, 20, 33, 47, 80, 121]) {
        const out = formatTable(shape, { colour: true, columns })
        const cells = (line: string) =>
          [...line].reduce((sum, char) => sum + (/[\u3000-\u9fff\u{1f300}-\u{1faff}]/u.test(char) ? 2 : 1), 0)
        for (const line of stripAnsi(out).split('\n'))
          expect(cells(line), `${columns}: ${line}`).toBeLessThanOrEqual(columns)
      }
    }
  })

  it('drops columns from the right with a note rather than squeezing them unreadably', () => {
    const out = formatTable(people, { colour: false, columns: 40 })
    const lines = out.split('\n')
    expect(lines[1]).toBe('│ id │ name      │ email    │ tags     │')
    expect(lines.at(-1)).toBe('(2 more columns not shown; try -o json)')
  })

  it('shows one object as key/value rows and scalars as one column', () => {
    expect(formatTable({ id: 7, name: 'Dune' }, { colour: false, columns: 80 })).toBe(
      ['┌──────┬──────┐', '│ id   │ 7    │', '│ name │ Dune │', '└──────┴──────┘'].join('\n'),
    )
    expect(formatTable([3, 10, null], { colour: false, columns: 80 })).toBe(
      ['┌──────┐', '│    3 │', '│   10 │', '│ null │', '└──────┘'].join('\n'),
    )
  })

  it('says so when there is nothing to show', () => {
    expect(formatTable([], { colour: false, columns: 80 })).toBe('(no rows)')
    expect(formatTable({}, { colour: false, columns: 80 })).toBe('(no fields)')
  })

  it('keeps newlines and terminal escapes in cells from breaking the table', () => {
    const out = formatTable([{ note: 'a\nb\u001b[31mred' }], { colour: false, columns: 80 })
    expect(out).not.toContain('\u001b')
    expect(out.split('\n')).toHaveLength(5)
    expect(out).toContain('a\\nb\\u001b[31mred')
  })

  it('has no colour codes with colour off and colours with it on', () => {
    expect(formatTable(people, { colour: false, columns: 80 })).not.toContain('\u001b')
    const coloured = formatTable(people, { colour: true, columns: 80 })
    expect(coloured).toContain('\u001b[1mname\u001b[0m')
    expect(coloured).toContain('\u001b[33mtrue\u001b[0m')
  })

  it('does not truncate when the width is unlimited', () => {
    const long = 'y'.repeat(500)
    expect(formatTable([{ long }], { colour: false, columns: Number.POSITIVE_INFINITY })).toContain(long)
    expect(widest(formatTable([{ long }], { colour: false, columns: Number.POSITIVE_INFINITY }))).toBe(504)
  })
})

describe('fitColumnWidths', () => {
  it('keeps natural widths that fit', () => {
    expect(fitColumnWidths([4, 10, 6], 30)).toEqual([4, 10, 6])
  })

  it('gives narrow columns their width and splits the rest evenly', () => {
    expect(fitColumnWidths([4, 50, 40], 40)).toEqual([4, 18, 18])
    expect(fitColumnWidths([4, 50, 40], 41)).toEqual([4, 18, 19])
    expect(fitColumnWidths([10, 10, 10], 20).reduce((a, b) => a + b)).toBe(20)
  })
})

describe('formatTable with long lists', () => {
  it('draws many rows as one continuous table', () => {
    const rows = Array.from({ length: 1_001 }, (_, index) => ({ n: index }))
    const lines = formatTable(rows, { colour: false, columns: 80 }).split('\n')
    expect(lines).toHaveLength(1_001 + 4)
    expect(lines[0]).toBe('┌──────┐')
    expect(lines[3]).toBe('│    0 │')
    expect(lines.at(-2)).toBe('│ 1000 │')
    expect(lines.at(-1)).toBe('└──────┘')
    expect(lines.slice(3, -1).every((line) => /^│ +\d+ │$/.test(line))).toBe(true)
  })
})
