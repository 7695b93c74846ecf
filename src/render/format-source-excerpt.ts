import { escapeControl } from './safe-text.js'
import { displayWidth } from './text-width.js'
import { createTheme } from './theme.js'

export interface ExcerptLocation {
  /** 1-based. */
  line: number
  /** 1-based, in UTF-16 code units as graphql-js counts. */
  column: number
}

/** Lines wider than this are shown as a window around the column. */
const WIDE = 100
const BEFORE = 40
const WINDOW = 80

/**
 * The source around a location with a caret under the exact column, like
 * graphql-js printSourceLocation: the line before, the line, the caret, the
 * line after, each with its number in a gutter. Tabs are kept in the caret
 * line so the caret stays aligned; control characters are escaped; a very
 * long line is cut to a window around the column. No trailing newline.
 */
export function formatSourceExcerpt(
  text: string,
  location: ExcerptLocation,
  options: { colour: boolean },
): string {
  const theme = createTheme(options.colour)
  const lines = text.split(/\r\n|[\n\r]/g)
  const index = Math.min(Math.max(location.line - 1, 0), lines.length - 1)
  const focus = lines[index]!
  const at = Math.min(Math.max(location.column - 1, 0), focus.length)
  const start = displayWidth(focus) > WIDE ? Math.max(0, Math.min(at - BEFORE, focus.length - WINDOW)) : 0
  const shown = [index - 1, index, index + 1].filter((number) => number >= 0 && number < lines.length)
  const width = String(shown.at(-1)! + 1).length
  const gutter = (label: string) => theme.dim(`${label.padStart(width)} |`)
  const out: string[] = []
  for (const number of shown) {
    const line = lines[number]!
    if (number !== index && line.trim() === '') continue
    out.push(`${gutter(String(number + 1))} ${excerpt(line, start)}`)
    if (number === index) {
      const prefix = (start > 0 ? '…' : '') + escapeControl(line.slice(start, at), { newlines: false })
      out.push(`${gutter('')} ${blank(prefix)}${theme.error('^')}`)
    }
  }
  return out.join('\n')
}

function excerpt(line: string, start: number): string {
  const cut = start > 0 || displayWidth(line) > WIDE
  const end = cut ? start + WINDOW : line.length
  const text = `${start > 0 ? '…' : ''}${line.slice(start, end)}${end < line.length ? '…' : ''}`
  return escapeControl(text, { newlines: false })
}

/** Spaces as wide as `text`, tabs kept (so a caret lines up under tab-indented source). */
function blank(text: string): string {
  return [...text].map((char) => (char === '\t' ? '\t' : ' '.repeat(displayWidth(char)))).join('')
}
