import type { JsonToken } from './json-token.js'
import { escapeControl } from './safe-text.js'
import type { Theme } from './theme.js'

/** Deeper than this, containers print on one line so output stays linear in the input. */
export const maxIndentedDepth = 200

function paintScalar(token: Extract<JsonToken, { kind: 'scalar' }>, theme: Theme): string {
  return theme[token.type](
    token.type === 'string' ? escapeControl(token.text, { newlines: false }) : token.text,
  )
}

/**
 * Lays a token stream out like JSON.stringify(value, null, indent), coloured
 * by the theme. Control and bidi characters inside strings (which JSON
 * allows raw from U+007F up) are written as `\u` escapes: the same JSON
 * value, and nothing a terminal would obey.
 */
export function printJsonTokens(tokens: Iterable<JsonToken>, theme: Theme, indent: number): string {
  const out: string[] = []
  /** One entry per open container: true until its first item is written. */
  const firstItem: boolean[] = []
  let afterKey = false
  let pendingOpen: '{' | '[' | undefined
  const broken = (depth: number) => indent > 0 && depth <= maxIndentedDepth
  const lineBreak = (depth: number) => `\n${' '.repeat(indent * depth)}`

  for (const token of tokens) {
    if (pendingOpen !== undefined) {
      const open = pendingOpen
      pendingOpen = undefined
      if (token.kind === 'close') {
        out.push(theme.punctuation(open + token.char))
        continue
      }
      out.push(theme.punctuation(open))
      firstItem.push(true)
    }
    if (token.kind === 'close') {
      const itemDepth = firstItem.length
      firstItem.pop()
      out.push((broken(itemDepth) ? lineBreak(itemDepth - 1) : '') + theme.punctuation(token.char))
      continue
    }
    const depth = firstItem.length
    if (afterKey) afterKey = false
    else if (depth > 0) {
      if (!firstItem[depth - 1]) out.push(theme.punctuation(','))
      firstItem[depth - 1] = false
      if (broken(depth)) out.push(lineBreak(depth))
    }
    if (token.kind === 'open') pendingOpen = token.char
    else if (token.kind === 'key') {
      out.push(
        theme.key(escapeControl(token.text, { newlines: false })) +
          theme.punctuation(':') +
          (broken(depth) ? ' ' : ''),
      )
      afterKey = true
    } else out.push(paintScalar(token, theme))
  }
  if (pendingOpen !== undefined) out.push(theme.punctuation(pendingOpen))
  return out.join('')
}
