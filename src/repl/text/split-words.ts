import { UsageError } from '../../core/errors.js'

/** One word of a line: its value with quotes removed, and where it stands in the line as typed. */
export interface Word {
  value: string
  start: number
  end: number
}

export interface WordScan {
  words: Word[]
  /** The quote still open at the end of the line, if any. */
  openQuote?: "'" | '"'
}

/**
 * Splits a line the way a shell would: blanks separate words, '…' keeps
 * everything literally, "…" keeps blanks and honours \" and \\, and a
 * backslash outside quotes keeps the next character. Never throws.
 */
export function scanWords(text: string): WordScan {
  const words: Word[] = []
  let quote: "'" | '"' | undefined
  let value = ''
  let start = -1
  const finish = (end: number) => {
    if (start >= 0) words.push({ value, start, end })
    value = ''
    start = -1
  }
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!
    if (quote === "'") {
      if (char === "'") quote = undefined
      else value += char
      continue
    }
    if (quote === '"') {
      if (char === '"') quote = undefined
      else if (char === '\\' && (text[index + 1] === '"' || text[index + 1] === '\\')) value += text[++index]
      else value += char
      continue
    }
    if (char === ' ' || char === '\t' || char === '\n' || char === '\r') {
      finish(index)
      continue
    }
    if (start < 0) start = index
    if (char === "'" || char === '"') quote = char
    else if (char === '\\' && index + 1 < text.length) value += text[++index]
    else value += char
  }
  finish(text.length)
  return quote === undefined ? { words } : { words, openQuote: quote }
}

/** The words of a line; an unclosed quote is a usage error. */
export function splitWords(text: string): string[] {
  const scan = scanWords(text)
  if (scan.openQuote !== undefined) {
    throw new UsageError(`This line has an unclosed ${scan.openQuote} quote.`, {
      hint: `Close it, e.g. tags:='["office"]' or name="Blue pen".`,
    })
  }
  return scan.words.map((word) => word.value)
}

/** A value written so that splitWords reads it back as one word. */
export function quoteWord(value: string): string {
  if (value !== '' && /^[\w@%+=:,./\-[\]{}$*]+$/.test(value)) return value
  return `'${value.replaceAll("'", `'\\''`)}'`
}
