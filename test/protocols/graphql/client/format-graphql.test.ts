import { buildSchema, printSchema } from 'graphql'
import { describe, expect, it } from 'vitest'
import { formatGraphQLErrors } from '../../../../src/render/format-graphql-errors.js'
import { formatGraphQLSdl } from '../../../../src/render/format-graphql-sdl.js'
import { formatSourceExcerpt } from '../../../../src/render/format-source-excerpt.js'
import { stripAnsi } from '../../../../src/render/text-width.js'
import { LIBRARY_SDL } from './support/library-schema.js'

describe('formatSourceExcerpt', () => {
  it('the line before, the line, a caret under the column, the line after', () => {
    const text = 'query {\n  books {\n    titel\n  }\n}'
    expect(formatSourceExcerpt(text, { line: 3, column: 5 }, { colour: false })).toBe(
      '2 |   books {\n3 |     titel\n  |     ^\n4 |   }',
    )
  })

  it('keeps tabs and counts wide characters so the caret lines up', () => {
    expect(formatSourceExcerpt('\t{ a(s: "日本") b }', { line: 1, column: 15 }, { colour: false })).toBe(
      `1 | \t{ a(s: "日本") b }\n  | \t${' '.repeat(15)}^`,
    )
  })

  it('a very long line is cut to a window around the column', () => {
    const line = `{ ${'a '.repeat(100)}oops ${'b '.repeat(100)}}`
    const column = line.indexOf('oops') + 1
    const [source, caret] = formatSourceExcerpt(line, { line: 1, column }, { colour: false }).split('\n')
    expect(source!.length).toBeLessThan(100)
    expect(source!.startsWith('1 | …')).toBe(true)
    expect(source!.endsWith('…')).toBe(true)
    expect(source![caret!.indexOf('^')]).toBe('o')
    expect(source!.slice(caret!.indexOf('^'), caret!.indexOf('^') + 4)).toBe('oops')
  })

  it('escapes control characters from the source', () => {
    expect(formatSourceExcerpt('{ a\u001b[31m }', { line: 1, column: 3 }, { colour: false })).toBe(
      '1 | { a\\u001b[31m }\n  |   ^',
    )
  })
})

describe('formatGraphQLErrors', () => {
  it('message, paths of identical errors together, code, other extensions, location with the source', () => {
    const source = { text: '{ books { isbn } }', name: 'query' }
    const error = (index: number) => ({
      message: 'down',
      path: ['books', index, 'isbn'],
      locations: [{ line: 1, column: 11 }],
      extensions: { code: 'DOWN', retryAfter: 5, stacktrace: ['at x'] },
    })
    expect(formatGraphQLErrors([0, 1, 2, 3, 4].map(error), { colour: false, source })).toBe(
      [
        'error: down (×5)',
        '  path:  books[0].isbn, books[1].isbn, books[2].isbn, … (5 in all)',
        '  code:  DOWN',
        '  extra: {"retryAfter":5}',
        '  at:    query:1:11',
        '    1 | { books { isbn } }',
        '      |           ^',
      ].join('\n'),
    )
  })
})

describe('formatGraphQLSdl', () => {
  const sdl = printSchema(buildSchema(LIBRARY_SDL))

  it('without colour the SDL comes back unchanged; with colour, only ANSI codes are added', () => {
    expect(formatGraphQLSdl(sdl, { colour: false })).toBe(sdl)
    const coloured = formatGraphQLSdl(sdl, { colour: true })
    expect(coloured).not.toBe(sdl)
    expect(stripAnsi(coloured)).toBe(sdl)
  })

  it('paints keywords, type names, field names and descriptions differently', () => {
    const coloured = formatGraphQLSdl('"""A book."""\ntype Book {\n  title(upper: Boolean): String!\n}', {
      colour: true,
    })
    expect(coloured).toContain('\u001b[2m"""A book."""\u001b[0m')
    expect(coloured).toContain('\u001b[35mtype\u001b[0m \u001b[34mBook\u001b[0m')
    expect(coloured).toContain('\u001b[36mtitle\u001b[0m')
    expect(coloured).toContain('\u001b[36mupper\u001b[0m')
    expect(coloured).toContain('\u001b[34mString\u001b[0m')
  })
})
