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
