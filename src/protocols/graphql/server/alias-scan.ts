import { type GraphQLError, Source } from 'graphql'
import { boundError, grouped } from './cost-limit-rule.js'

const [SPACE, TAB, NEWLINE, RETURN, COMMA] = [0x20, 0x09, 0x0a, 0x0d, 0x2c]
const [QUOTE, HASH, BACKSLASH, COLON, DOT] = [0x22, 0x23, 0x5c, 0x3a, 0x2e]
const [OPEN_PAREN, CLOSE_PAREN, OPEN_BRACE, CLOSE_BRACE] = [0x28, 0x29, 0x7b, 0x7d]

function isNameChar(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x5f
  )
}

function isIgnored(code: number): boolean {
  return code === SPACE || code === TAB || code === NEWLINE || code === RETURN || code === COMMA
}

/** One top-level definition as the scan saw it. */
interface Definition {
  start: number
  /** Its header (`query Name($a: Int)`, `fragment F on T`), up to its `{`. */
  header: string
  /** Aliases written in it, outside arguments (`a: items`). */
  aliases: number
  /** It spreads a fragment (`...`), whose aliases the scan does not add. */
  spreads: boolean
}

/** Where a string or comment starting at `index` ends (the index after it); -1 for a string never closed. */
function skipQuoted(text: string, index: number): number {
  if (text.charCodeAt(index) === HASH) {
    const end = text.indexOf('\n', index)
    return end < 0 ? text.length : end + 1
  }
  if (text.startsWith('"""', index)) {
    let at = index + 3
    for (;;) {
      const end = text.indexOf('"""', at)
      if (end < 0) return -1
      if (text.charCodeAt(end - 1) !== BACKSLASH) return end + 3
      at = end + 3
    }
  }
  for (let at = index + 1; at < text.length; at++) {
    const code = text.charCodeAt(at)
    if (code === BACKSLASH) at++
    else if (code === QUOTE) return at + 1
    else if (code === NEWLINE || code === RETURN) return -1
  }
  return -1
}

/**
 * The operations of a GraphQL document text that write more aliases than
 * `maxAliases`, found by one pass over its characters, before any parse:
 * a colon outside arguments, strings and comments is an alias (`a: items`).
 * An operation's own aliases are never more than it has (a fragment it
 * spreads only adds), so an error here is one the full cost rule would
 * give too, found for a fraction of a parse; a document this scan cannot
 * read (a string never closed, unbalanced braces) is left to the parser.
 */
export function scanAliasErrors(text: string, maxAliases: number): GraphQLError[] {
  const errors: GraphQLError[] = []
  let braces = 0
  let parens = 0
  let definitionStart = -1
  let definition: Definition | undefined
  let lastSignificant = -1
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code === QUOTE || code === HASH) {
      const end = skipQuoted(text, index)
      if (end < 0) return []
      index = end - 1
      continue
    }
    if (isIgnored(code)) continue
    if (braces === 0 && parens === 0 && definitionStart < 0) definitionStart = index
    if (code === OPEN_PAREN) parens++
    else if (code === CLOSE_PAREN) parens--
    else if (parens > 0) {
      // Arguments, variable definitions and their values: nothing here is an alias.
    } else if (code === OPEN_BRACE) {
      if (braces++ === 0) {
        const header = text.slice(definitionStart, index).trim()
        definition = { start: definitionStart, header, aliases: 0, spreads: false }
      }
    } else if (code === CLOSE_BRACE) {
      if (--braces < 0) return []
      if (braces === 0 && definition !== undefined) {
        const error = overBound(text, definition, maxAliases)
        if (error !== undefined) errors.push(error)
        definition = undefined
        definitionStart = -1
      }
    } else if (braces > 0 && definition !== undefined) {
      if (code === COLON && lastSignificant >= 0 && isNameChar(text.charCodeAt(lastSignificant)))
        definition.aliases++
      else if (code === DOT) definition.spreads = true
    }
    lastSignificant = index
  }
  return braces === 0 && parens === 0 ? errors : []
}

function overBound(text: string, definition: Definition, maxAliases: number): GraphQLError | undefined {
  const { header, aliases, spreads } = definition
  if (aliases <= maxAliases || /^fragment\b/.test(header)) return undefined
  const name = /^(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(header)?.[1]
  const what = `has ${spreads ? 'at least ' : ''}${grouped(aliases)} aliased fields`
  return boundError(
    name,
    { limit: 'aliases', found: aliases, allowed: maxAliases, what },
    { source: new Source(text), positions: [definition.start] },
  )
}
