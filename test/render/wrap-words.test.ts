import { describe, expect, it } from 'vitest'
import { labelledLines, wrapWords } from '../../src/render/wrap-words.js'

describe('wrapWords: lines broken at blanks, never inside a word or URL', () => {
  it('breaks before the word that would not fit', () => {
    expect(
      wrapWords('apictl 0.1.0 · profile local: the built-in reference server at http://127.0.0.1:45123', 79),
    ).toEqual(['apictl 0.1.0 · profile local: the built-in reference server at', 'http://127.0.0.1:45123'])
  })

  it('gives a word wider than the width a line of its own, whole', () => {
    expect(wrapWords('see https://example.com/a/very/long/path/indeed now', 12)).toEqual([
      'see',
      'https://example.com/a/very/long/path/indeed',
      'now',
    ])
  })

  it("keeps a paragraph per line break, the first line's indentation, and counts cells not ANSI codes", () => {
    expect(wrapWords('one two\nthree four', 7)).toEqual(['one two', 'three', 'four'])
    expect(wrapWords('  indented text that wraps', 12)).toEqual(['  indented', 'text that', 'wraps'])
    expect(wrapWords('\u001b[2mdim words\u001b[22m here', 9)).toEqual([
      '\u001b[2mdim words\u001b[22m',
      'here',
    ])
    expect(wrapWords('', 10)).toEqual([''])
  })
})

describe('labelledLines: an error block line under its label', () => {
  const terminal = (columns: number) => ({ isTTY: true, columns, write() {} })

  it('continues under the text after the label, on a terminal', () => {
    expect(
      labelledLines(terminal(30), '  try:   ', '  TRY:   ', 'Raise the limit with --timeout SECONDS'),
    ).toEqual(['  TRY:   Raise the limit with', '         --timeout SECONDS'])
  })

  it('leaves the text on one line for a pipe or a file', () => {
    const pipe = { isTTY: false, columns: 30, write() {} }
    expect(labelledLines(pipe, '  try:   ', '  try:   ', 'Raise the limit with --timeout SECONDS')).toEqual([
      '  try:   Raise the limit with --timeout SECONDS',
    ])
  })
})
