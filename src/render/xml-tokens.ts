/**
 * A small, strict-enough XML tokenizer for display. It never expands entities
 * and never reads a DOCTYPE's contents: markup is only cut into tokens, so a
 * hostile document stays inert. Concatenating every token's `raw` gives back
 * the input exactly. XmlTokenStream feeds it a chunk at a time.
 */
export interface XmlAttribute {
  name: string
  /** As written, entities not expanded, without the quotes. */
  value: string
  quote: '"' | "'"
}

export type XmlToken =
  /** `more`: the text goes on in the next token (a long text arrives in pieces; never cut inside an entity or a CR LF). */
  | { kind: 'text'; raw: string; more?: boolean }
  | { kind: 'cdata'; raw: string }
  | { kind: 'comment'; raw: string }
  /** Processing instructions, the `<?xml ...?>` declaration included. */
  | { kind: 'instruction'; raw: string }
  | { kind: 'doctype'; raw: string }
  | { kind: 'open'; raw: string; name: string; attributes: XmlAttribute[]; selfClosing: boolean }
  | { kind: 'close'; raw: string; name: string }

/** Not well-formed; `index`, when known, is where in the tokenizer's text (the stream says line and column). */
export class XmlSyntaxError extends Error {
  constructor(
    message: string,
    readonly index?: number,
  ) {
    super(message)
  }
}

/** Element nesting limit for display and conversion, so hostile documents stay inert. */
export const maxXmlDepth = 200

const namePattern = /[^\s/>=<"'!?&;]+/y
const attributePattern = /\s+([^\s/>=<"']+)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y
const tagEndPattern = /\s*(\/?)>/y
const closeTagPattern = /<\/([^\s/>=<"']+)\s*>/y
/** An open tag's characters up to its end: anything but `<`, quoted values whole. */
const openTagBody = /[^>"'<]*(?:(?:"[^"<]*"|'[^'<]*')[^>"'<]*)*/y

function fail(index: number, what: string): never {
  throw new XmlSyntaxError(what, index)
}

export interface Markup {
  token: XmlToken
  end: number
}

function delimited(text: string, start: number, terminator: string, what: string, final: boolean): number {
  const end = text.indexOf(terminator, start)
  if (end >= 0) return end + terminator.length
  if (final) fail(start, `Unterminated ${what}`)
  return -1
}

/** End of `<!DOCTYPE ...>`, skipping a bracketed internal subset and quoted strings without reading them. */
function doctypeEnd(text: string, start: number, final: boolean): number {
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
  if (final) fail(start, 'Unterminated DOCTYPE')
  return -1
}

function openTag(text: string, start: number): Markup {
  namePattern.lastIndex = start + 1
  const name = namePattern.exec(text)?.[0]
  if (name === undefined) fail(start, "Expected an element name after '<'")
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
    if (attribute === null) fail(index, `Malformed attribute in <${name}>`)
    const quote = attribute[2] === undefined ? "'" : '"'
    attributes.push({ name: attribute[1]!, value: attribute[2] ?? attribute[3]!, quote })
    index = attributePattern.lastIndex
  }
}

/** Whether the open tag at `start` may still be completed by more text (it has no `>` yet and nothing that rules it out). */
function openTagIncomplete(text: string, start: number): boolean {
  openTagBody.lastIndex = start + 1
  openTagBody.exec(text)
  const stop = openTagBody.lastIndex
  const char = text[stop]
  if (char === undefined) return true
  if (char !== '"' && char !== "'") return false
  const closing = text.indexOf(char, stop + 1)
  const bracket = text.indexOf('<', stop + 1)
  return closing < 0 && bracket < 0
}

/**
 * The markup token at `start` (which holds `<`) and where it ends. With
 * `final` false, a token the text cuts short gives undefined (wait for more);
 * markup that is not well-formed throws an XmlSyntaxError either way.
 */
export function markupAt(text: string, start: number, final: boolean): Markup | undefined {
  if (!final && text.length - start < 9 && (text.length - start < 2 || text[start + 1] === '!')) {
    const head = text.slice(start).toUpperCase()
    if (['<!--', '<![CDATA[', '<!DOCTYPE'].some((prefix) => prefix.startsWith(head))) return undefined
  }
  if (text.startsWith('<!--', start)) {
    const end = delimited(text, start + 4, '-->', 'comment', final)
    return end < 0 ? undefined : { token: { kind: 'comment', raw: text.slice(start, end) }, end }
  }
  if (text.startsWith('<![CDATA[', start)) {
    const end = delimited(text, start + 9, ']]>', 'CDATA section', final)
    return end < 0 ? undefined : { token: { kind: 'cdata', raw: text.slice(start, end) }, end }
  }
  if (text.startsWith('<?', start)) {
    const end = delimited(text, start + 2, '?>', 'processing instruction', final)
    return end < 0 ? undefined : { token: { kind: 'instruction', raw: text.slice(start, end) }, end }
  }
  if (text.slice(start, start + 9).toUpperCase() === '<!DOCTYPE') {
    const end = doctypeEnd(text, start, final)
    return end < 0 ? undefined : { token: { kind: 'doctype', raw: text.slice(start, end) }, end }
  }
  if (text.startsWith('</', start)) {
    closeTagPattern.lastIndex = start
    const match = closeTagPattern.exec(text)
    if (match !== null) {
      return { token: { kind: 'close', raw: match[0], name: match[1]! }, end: closeTagPattern.lastIndex }
    }
    if (!final && text.indexOf('>', start) < 0 && text.indexOf('<', start + 1) < 0) return undefined
    fail(start, 'Malformed end tag')
  }
  try {
    return openTag(text, start)
  } catch (error) {
    if (!final && error instanceof XmlSyntaxError && openTagIncomplete(text, start)) return undefined
    throw error
  }
}
