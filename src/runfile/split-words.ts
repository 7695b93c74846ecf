/** A word of a request line, with the column it starts at (1-based). */
export interface Word {
  text: string
  column: number
}

/**
 * Splits a request line into words at whitespace, keeping `{{ … }}`
 * templates whole (`{{$random.integer(1, 10)}}`) and reading '…' and "…"
 * quotes as a shell does (`name='two words'`), quotes removed.
 */
export function splitWords(line: string, startColumn = 1): Word[] {
  const words: Word[] = []
  let text = ''
  let column = -1
  let quote: string | undefined
  for (let index = 0; index < line.length; index++) {
    const char = line[index]!
    if (quote === undefined && line.startsWith('{{', index)) {
      const end = line.indexOf('}}', index + 2)
      const stop = end === -1 ? line.length : end + 2
      if (column < 0) column = index
      text += line.slice(index, stop)
      index = stop - 1
    } else if (quote !== undefined) {
      if (char === quote) quote = undefined
      else text += char
    } else if (char === "'" || char === '"') {
      if (column < 0) column = index
      quote = char
    } else if (/\s/.test(char)) {
      if (column >= 0) words.push({ text, column: column + startColumn })
      text = ''
      column = -1
    } else {
      if (column < 0) column = index
      text += char
    }
  }
  if (column >= 0) words.push({ text, column: column + startColumn })
  return words
}
