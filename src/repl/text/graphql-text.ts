import { scanWords } from './split-words.js'

interface Scan {
  /** `{` and `(` still open at the end (a block string left open counts as one). */
  depth: number
  /** Just after the last `}` that closed the document (depth back to 0), or -1. */
  documentEnd: number
}

/** Walks GraphQL text, skipping strings, block strings and comments. */
function scan(text: string): Scan {
  let depth = 0
  let documentEnd = -1
  for (let index = 0; index < text.length; index++) {
    const char = text[index]
    if (char === '#') {
      const end = text.indexOf('\n', index)
      if (end < 0) break
      index = end
    } else if (text.startsWith('"""', index)) {
      const end = text.indexOf('"""', index + 3)
      if (end < 0) return { depth: depth + 1, documentEnd }
      index = end + 2
    } else if (char === '"') {
      let end = index + 1
      while (end < text.length && text[end] !== '"' && text[end] !== '\n') end += text[end] === '\\' ? 2 : 1
      index = end
    } else if (char === '{' || char === '(') depth++
    else if (char === '}' || char === ')') {
      depth--
      if (depth === 0 && char === '}') documentEnd = index + 1
    }
  }
  return { depth, documentEnd }
}

/** How many brackets are still open: a document continues on the next line while this is above 0. */
export function openBrackets(text: string): number {
  return scan(text).depth
}

/**
 * A `gql` line's document and the options after it:
 * `{ items { id } } -o table` → the document and `-o table`. Options are
 * only read after the brace that closes the document.
 */
export function splitTrailingOptions(text: string): { document: string; options: string } {
  const { documentEnd } = scan(text)
  if (documentEnd < 0) return { document: text, options: '' }
  const rest = text.slice(documentEnd)
  return /^\s+-/.test(rest)
    ? { document: text.slice(0, documentEnd), options: rest.trim() }
    : { document: text, options: '' }
}

/** Where a document starts: `{`, or an operation or fragment keyword. */
const documentStart = /^(\{|(query|mutation|subscription|fragment)\b)/

/** A `gql` line in three parts: options before the document, the document, options after it. */
export interface GqlLineParts {
  /** `-e URL -o json` (as typed; may be empty). */
  before: string
  document: string
  /** `-o table` (as typed; may be empty). */
  after: string
}

/**
 * Splits what follows `gql` on a line: `-e URL { items { id } } -o table`.
 * The document starts at the first word that opens it as typed (`{`, or
 * query/mutation/subscription/fragment); the words before it are options
 * (a quoted value such as `-H 'X: {a}'` is a value, not the document).
 * Options after it are read only after the brace that closes it.
 */
export function splitGqlLine(text: string): GqlLineParts {
  const start = scanWords(text).words.find((word) => documentStart.test(text.slice(word.start)))
  const head = !/^\s*-/.test(text) ? 0 : (start?.start ?? text.length)
  const { document, options } = splitTrailingOptions(text.slice(head).trimStart())
  return { before: text.slice(0, head).trim(), document, after: options }
}
