export interface JsonErrorLocation {
  offset: number
  /** 1-based. */
  line: number
  /** 1-based. */
  column: number
}

const WORDS = ['true', 'false', 'null']
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
const ESCAPES = '"\\/bfnrt'

/**
 * Where JSON.parse gave up on `text`. Node 20 reports a position for only
 * some syntax errors, so this scans the text itself. Undefined when the
 * text is valid JSON.
 */
export function locateJsonError(text: string): JsonErrorLocation | undefined {
  const offset = firstErrorOffset(text)
  if (offset === undefined) return undefined
  const before = text.slice(0, offset)
  const line = before.split('\n').length
  return { offset, line, column: offset - before.lastIndexOf('\n') }
}

function firstErrorOffset(text: string): number | undefined {
  let index = 0
  const fail = (): never => {
    throw new JsonSyntaxAt(index)
  }
  const skipSpace = () => {
    while (index < text.length && ' \t\n\r'.includes(text[index]!)) index++
  }
  const expect = (char: string) => {
    skipSpace()
    if (text[index] !== char) fail()
    index++
  }
  const string = () => {
    expect('"')
    for (;;) {
      const char = text[index]
      if (char === undefined || char < ' ') fail()
      index++
      if (char === '"') return
      if (char !== '\\') continue
      const escaped = text[index]
      if (escaped !== undefined && ESCAPES.includes(escaped)) index++
      else if (escaped === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(index + 1, index + 5))) index += 5
      else fail()
    }
  }
  const sequence = (close: string, item: () => void) => {
    index++
    skipSpace()
    if (text[index] === close) {
      index++
      return
    }
    for (;;) {
      item()
      skipSpace()
      if (text[index] === close) {
        index++
        return
      }
      expect(',')
    }
  }
  const value = (): void => {
    skipSpace()
    const char = text[index]
    NUMBER.lastIndex = index
    if (char === '{') sequence('}', member)
    else if (char === '[') sequence(']', value)
    else if (char === '"') string()
    else if (NUMBER.test(text)) index = NUMBER.lastIndex
    else index += (WORDS.find((candidate) => text.startsWith(candidate, index)) ?? fail()).length
  }
  const member = () => {
    string()
    expect(':')
    value()
  }
  try {
    value()
    skipSpace()
    if (index < text.length) fail()
    return undefined
  } catch (error) {
    if (error instanceof JsonSyntaxAt) return error.offset
    throw error
  }
}

class JsonSyntaxAt {
  constructor(readonly offset: number) {}
}
