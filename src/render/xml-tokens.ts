/**
 * A small, strict-enough XML tokenizer for display. It never expands entities
 * and never reads a DOCTYPE's contents: markup is only cut into tokens, so a
 * hostile document stays inert. Concatenating every token's `raw` gives back
 * the input exactly.
 */
export interface XmlAttribute {
  name: string
  /** As written, entities not expanded, without the quotes. */
  value: string
  quote: '"' | "'"
}

export type XmlToken =
  | { kind: 'text'; raw: string }
  | { kind: 'cdata'; raw: string }
  | { kind: 'comment'; raw: string }
  /** Processing instructions, the `<?xml ...?>` declaration included. */
  | { kind: 'instruction'; raw: string }
  | { kind: 'doctype'; raw: string }
  | { kind: 'open'; raw: string; name: string; attributes: XmlAttribute[]; selfClosing: boolean }
  | { kind: 'close'; raw: string; name: string }

export class XmlSyntaxError extends Error {}

/** Element nesting limit for display and conversion, so hostile documents stay inert. */
export const maxXmlDepth = 200

const namePattern = /[^\s/>=<"'!?&;]+/y
const attributePattern = /\s+([^\s/>=<"']+)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y
const tagEndPattern = /\s*(\/?)>/y
const closeTagPattern = /<\/([^\s/>=<"']+)\s*>/y

function position(text: string, index: number): string {
  const before = text.slice(0, index).split('\n')
  return `line ${before.length}, column ${before.at(-1)!.length + 1}`
}

function fail(text: string, index: number, what: string): never {
  throw new XmlSyntaxError(`${what} at ${position(text, index)}`)
}

function delimited(text: string, start: number, terminator: string, what: string): number {
  const end = text.indexOf(terminator, start)
  if (end < 0) fail(text, start, `Unterminated ${what}`)
  return end + terminator.length
}

/** End of `<!DOCTYPE ...>`, skipping a bracketed internal subset and quoted strings without reading them. */
function doctypeEnd(text: string, start: number): number {
  let quote: string | undefined
  let inSubset = false
  for (let index = start + 9; index < text.length; index++) {
    const char = text[index]
    if (quote !== undefined) {
      if (char === quote) quote = undefined
    } else if (char === '"' || char === "'") quote = char
    else if (char === '[') inSubset = true
    else if (char === ']') inSubset = false
    else if (char === '>' && !inSubset) return index + 1
  }
  return fail(text, start, 'Unterminated DOCTYPE')
}

function openTag(text: string, start: number): { token: XmlToken; end: number } {
  namePattern.lastIndex = start + 1
  const name = namePattern.exec(text)?.[0]
  if (name === undefined) fail(text, start, "Expected an element name after '<'")
  const attributes: XmlAttribute[] = []
  let index = namePattern.lastIndex
  for (;;) {
    tagEndPattern.lastIndex = index
    const tagEnd = tagEndPattern.exec(text)
    if (tagEnd !== null) {
      const end = tagEndPattern.lastIndex
      const raw = text.slice(start, end)
      return { token: { kind: 'open', raw, name, attributes, selfClosing: tagEnd[1] === '/' }, end }
    }
    attributePattern.lastIndex = index
    const attribute = attributePattern.exec(text)
    if (attribute === null) fail(text, index, `Malformed attribute in <${name}>`)
    const quote = attribute[2] === undefined ? "'" : '"'
    attributes.push({ name: attribute[1]!, value: attribute[2] ?? attribute[3]!, quote })
    index = attributePattern.lastIndex
  }
}

function markup(text: string, start: number): { token: XmlToken; end: number } {
  if (text.startsWith('<!--', start)) {
    const end = delimited(text, start + 4, '-->', 'comment')
    return { token: { kind: 'comment', raw: text.slice(start, end) }, end }
  }
  if (text.startsWith('<![CDATA[', start)) {
    const end = delimited(text, start + 9, ']]>', 'CDATA section')
    return { token: { kind: 'cdata', raw: text.slice(start, end) }, end }
  }
  if (text.startsWith('<?', start)) {
    const end = delimited(text, start + 2, '?>', 'processing instruction')
    return { token: { kind: 'instruction', raw: text.slice(start, end) }, end }
  }
  if (text.slice(start, start + 9).toUpperCase() === '<!DOCTYPE') {
    const end = doctypeEnd(text, start)
    return { token: { kind: 'doctype', raw: text.slice(start, end) }, end }
  }
  if (text.startsWith('</', start)) {
    closeTagPattern.lastIndex = start
    const match = closeTagPattern.exec(text)
    if (match === null) fail(text, start, 'Malformed end tag')
    return { token: { kind: 'close', raw: match[0], name: match[1]! }, end: closeTagPattern.lastIndex }
  }
  return openTag(text, start)
}

/** Tokens one at a time, so a consumer can stop early on a hostile document. */
export function* xmlTokens(text: string): Generator<XmlToken> {
  let index = 0
  while (index < text.length) {
    const next = text.indexOf('<', index)
    if (next !== index) {
      const end = next < 0 ? text.length : next
      yield { kind: 'text', raw: text.slice(index, end) }
      index = end
      continue
    }
    const { token, end } = markup(text, index)
    yield token
    index = end
  }
}
