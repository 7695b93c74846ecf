import { nestedJsonError, type PathSpan } from './nested-json-error.js'

/**
 * One step of a body field path in HTTPie's nested JSON syntax
 * (httpie/cli/nested_json/parse.py):
 *
 *     path:  root step*
 *     root:  KEY | [NUMBER] | []        (may be empty: the key '')
 *     step:  [KEY] | [NUMBER] | []
 *
 * `a[b][0][]` is key a, key b, index 0, append. A backslash escapes `[`, `]`
 * and `\`; `\5` is the key '5', not an index. Other backslashes stay as typed.
 */
export type JsonPathStep =
  | { kind: 'key'; key: string; span: PathSpan }
  | { kind: 'index'; index: number; span: PathSpan }
  | { kind: 'append'; span: PathSpan }

type TokenKind = 'text' | 'number' | '[' | ']'

interface Token extends PathSpan {
  kind: TokenKind
  text: string
}

const tokenNames: Record<TokenKind, string> = { text: 'a key', number: 'a number', '[': "'['", ']': "']'" }

const special = new Set(['[', ']', '\\'])

/** Array indexes above this are refused: `a[99999999]=x` would build a huge array of nulls. */
export const maxArrayIndex = 10_000

function textToken(buffer: string, escaped: boolean, start: number, end: number): Token {
  if (!escaped && /^[+-]?\d+$/.test(buffer)) return { kind: 'number', text: buffer, start, end }
  // `\5` is the key '5' (HTTPie's check_escaped_int).
  if (!escaped && /^\\[+-]?\d+$/.test(buffer)) return { kind: 'text', text: buffer.slice(1), start, end }
  return { kind: 'text', text: buffer, start, end }
}

function tokenize(path: string): Token[] {
  const tokens: Token[] = []
  let buffer = ''
  let bufferStart = 0
  let escaped = false
  const flush = (end: number) => {
    if (buffer !== '') tokens.push(textToken(buffer, escaped, bufferStart, end))
    buffer = ''
    escaped = false
  }
  for (let index = 0; index < path.length; index++) {
    const char = path[index]!
    if (char === '[' || char === ']') {
      flush(index)
      tokens.push({ kind: char, text: char, start: index, end: index + 1 })
      bufferStart = index + 1
      continue
    }
    if (buffer === '') bufferStart = index
    const next = path[index + 1]
    if (char === '\\' && next !== undefined) {
      if (special.has(next)) escaped = true
      else buffer += char
      buffer += next
      index++
      continue
    }
    buffer += char
  }
  flush(path.length)
  return tokens
}

/** Reads a field path into steps; throws a UsageError naming `item` on a syntax error. */
export function parseJsonPath(path: string, item: string = path): JsonPathStep[] {
  const tokens = tokenize(path)
  let cursor = 0

  const expect = (...kinds: TokenKind[]): Token => {
    const token = tokens[cursor]
    cursor++
    if (token && kinds.includes(token.kind)) return token
    const names = kinds.map((kind) => tokenNames[kind])
    const wanted = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`
    const span = token ?? { start: path.length, end: path.length + 1 }
    const found = token ? `'${path.slice(token.start, token.end)}'` : 'the end of the path'
    throw nestedJsonError(
      'syntax',
      `Invalid field path in '${item}': expected ${wanted}, found ${found}`,
      path,
      span,
    )
  }

  const checkIndex = (text: string, span: PathSpan): number => {
    const index = Number.parseInt(text, 10)
    if (index < 0) {
      throw nestedJsonError('value', `Negative index in '${item}': [${text}] is not supported`, path, span)
    }
    if (index > maxArrayIndex) {
      throw nestedJsonError(
        'value',
        `Index too large in '${item}': [${text}] (at most ${maxArrayIndex})`,
        path,
        span,
      )
    }
    return index
  }

  const bracketStep = (open: Token, inner: TokenKind[]): JsonPathStep => {
    const token = expect(...inner, ']')
    if (token.kind === ']') return { kind: 'append', span: { start: open.start, end: token.end } }
    const close = expect(']')
    const span = { start: open.start, end: close.end }
    if (token.kind === 'number') return { kind: 'index', index: checkIndex(token.text, span), span }
    return { kind: 'key', key: token.text, span }
  }

  if (tokens.length === 0) return [{ kind: 'key', key: '', span: { start: 0, end: 0 } }]
  const steps: JsonPathStep[] = []
  const root = expect('text', 'number', '[')
  if (root.kind === '[') steps.push(bracketStep(root, ['number']))
  else steps.push({ kind: 'key', key: root.text, span: { start: root.start, end: root.end } })
  while (cursor < tokens.length) steps.push(bracketStep(expect('['), ['text', 'number']))
  return steps
}

/** The steps written back as a path (unescaped, for messages). */
export function formatJsonPath(steps: readonly JsonPathStep[]): string {
  return steps
    .map((step, position) => {
      if (step.kind === 'append') return '[]'
      if (step.kind === 'index') return `[${step.index}]`
      return position === 0 ? step.key : `[${step.key}]`
    })
    .join('')
}
