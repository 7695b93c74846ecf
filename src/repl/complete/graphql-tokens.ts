export interface Token {
  kind: 'name' | 'punctuation' | 'value'
  text: string
}

const pattern =
  /\s+|,|#[^\n]*|"""[\s\S]*?"""|"(?:[^"\\\n]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|[_A-Za-z][_0-9A-Za-z]*|\.\.\.|[!$&():=@[\]{|}]/y

/**
 * The tokens of a document typed so far, without the word being typed
 * (returned as `partial`, `$name` for a variable); undefined when the text
 * ends inside a string or a comment, where nothing is offered.
 */
export function graphqlTokens(text: string): { tokens: Token[]; partial: string } | undefined {
  const tokens: Token[] = []
  let index = 0
  while (index < text.length) {
    pattern.lastIndex = index
    const match = pattern.exec(text)
    if (match === null)
      return text[index] === '"' || text[index] === '#' ? undefined : { tokens, partial: '' }
    const word = match[0]
    index = pattern.lastIndex
    if (/^[\s,]/.test(word)) continue
    if (word.startsWith('#')) {
      if (index >= text.length) return undefined
      continue
    }
    if (word.startsWith('"') || /^-?\d/.test(word)) tokens.push({ kind: 'value', text: word })
    else if (/^[_A-Za-z]/.test(word)) tokens.push({ kind: 'name', text: word })
    else tokens.push({ kind: 'punctuation', text: word })
  }
  const last = tokens.at(-1)
  if (last?.kind === 'name' && /[_0-9A-Za-z]$/.test(text)) {
    tokens.pop()
    return { tokens, partial: tokens.at(-1)?.text === '$' ? `$${last.text}` : last.text }
  }
  return { tokens, partial: text.endsWith('$') ? '$' : '' }
}
