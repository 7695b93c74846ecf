import type { JsonToken } from './json-token.js'

const literalPattern = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y

function stringEnd(text: string, start: number): number {
  let index = start + 1
  while (index < text.length && text[index] !== '"') index += text[index] === '\\' ? 2 : 1
  return index
}

function literalToken(literal: string): JsonToken {
  if (literal === 'null') return { kind: 'scalar', type: 'null', text: literal }
  if (literal === 'true' || literal === 'false') return { kind: 'scalar', type: 'boolean', text: literal }
  return { kind: 'scalar', type: 'number', text: literal }
}

/**
 * Tokens of a JSON text already known to be valid (the caller ran JSON.parse).
 * Numbers keep their source spelling, so 12345678901234567890 and 1.0 print
 * as sent; strings are re-encoded so `\u00e9` shows as é.
 */
export function* jsonTextTokens(text: string): Generator<JsonToken> {
  const containers: string[] = []
  let expectKey = false
  let index = 0
  while (index < text.length) {
    const char = text[index]!
    if (char === '{' || char === '[') {
      containers.push(char)
      expectKey = char === '{'
      yield { kind: 'open', char }
      index++
    } else if (char === '}' || char === ']') {
      containers.pop()
      yield { kind: 'close', char }
      index++
    } else if (char === ',') {
      expectKey = containers.at(-1) === '{'
      index++
    } else if (char === ':') {
      expectKey = false
      index++
    } else if (char === '"') {
      const end = stringEnd(text, index)
      const literal = JSON.stringify(JSON.parse(text.slice(index, end + 1)))
      yield expectKey ? { kind: 'key', text: literal } : { kind: 'scalar', type: 'string', text: literal }
      index = end + 1
    } else if (char === ' ' || char === '\t' || char === '\n' || char === '\r') {
      index++
    } else {
      literalPattern.lastIndex = index
      const match = literalPattern.exec(text)
      if (match === null) throw new SyntaxError(`Unexpected character ${JSON.stringify(char)} at ${index}`)
      yield literalToken(match[0])
      index += match[0].length
    }
  }
}
