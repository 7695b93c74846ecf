import { XmlReadError } from './xml-read-error.js'

/**
 * What sax (through xml-js) lets through although XML forbids it, checked
 * before the parse. Each finding is a `syntax` error, except a DOCTYPE
 * (`doctype`, refused by WS-I BP R1008 so no entity is ever declared).
 */

const doctypeMark = /<!DOCTYPE/
/** A well-formed XML declaration: read by the decoder already, so it need not reach sax. */
const declaration =
  /^<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(["'])1\.[0-9]+\1(?:[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(["'])[A-Za-z][A-Za-z0-9._-]*\2)?(?:[ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(["'])(?:yes|no)\3)?[ \t\r\n]*\?>/
/** What starts an XML declaration (or a processing instruction with the reserved target `xml`). */
const declarationStart = /<\?xml(?=[ \t\r\n?])/i
/** `&` that does not start one of XML's five entities or a character reference. */
const foreignEntity = /&(?!(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);)/
const hiddenSections = /<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->/g
const instructions = /<\?[\s\S]*?\?>/g
/** `<` or `</` then white space: never XML (sax reads `< ?xml …?>` as a declaration, `</ a>` as an end tag). */
const spacedMarkup = /<\/?[ \t\r\n]/
/** A character XML 1.0 does not allow anywhere (its Char production): C0 controls but tab, LF, CR; lone surrogates; U+FFFE/F. */
const illegalCharacter =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/
const characterReference = /&#(?:x([0-9a-fA-F]+)|([0-9]+));/g

function notWellFormed(message: string): never {
  throw new XmlReadError('syntax', `not well-formed XML: ${message}`)
}

const hex = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`

/** XML 1.0's Char production. */
function isXmlCharacter(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  )
}

/**
 * The document without its XML declaration, which must be well-formed when
 * there is one: a malformed declaration is a syntax error, not something to
 * hand on (sax would take `<?xml ver<sion="1.0"?>` for an instruction).
 */
export function afterDeclaration(text: string): string {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text
  const match = declaration.exec(body)
  if (match !== null) return body.slice(match[0].length)
  if (/^<\?xml(?=[ \t\r\n?])/i.test(body)) notWellFormed('the XML declaration (<?xml …?>) is malformed')
  return body
}

/**
 * `<` inside a quoted attribute value (sax takes it as text): a linear scan
 * of the tags, their quoted values skipped as units. `text` has its CDATA
 * sections and comments removed.
 */
function checkAttributeValues(text: string): void {
  let at = text.indexOf('<')
  /** The first '<' after the current tag's start: found once per tag, not once per attribute. */
  let nextLessThan = -1
  while (at !== -1) {
    const next = text.charCodeAt(at + 1)
    // Only start tags have attributes: not </…>, <?…?> or <!…>.
    if (next === 0x2f || next === 0x3f || next === 0x21) {
      at = text.indexOf('<', at + 1)
      continue
    }
    nextLessThan = text.indexOf('<', at + 1)
    let position = at + 1
    for (; position < text.length; position++) {
      const char = text[position]
      if (char === '>') break
      if (char === '"' || char === "'") {
        const end = text.indexOf(char, position + 1)
        if (end === -1) return // sax reports the unterminated value
        if (nextLessThan !== -1 && nextLessThan < end) notWellFormed("'<' inside an attribute value")
        position = end
      }
    }
    at = nextLessThan !== -1 && nextLessThan > position ? nextLessThan : text.indexOf('<', position)
  }
}

/**
 * Checks what sax would otherwise let through: a DOCTYPE anywhere,
 * references to entities XML does not predefine (sax knows HTML's), an XML
 * declaration anywhere but at the very start (sax reads it as a processing
 * instruction, and xml-js then takes it for the declaration), `<` or `</`
 * followed by white space (sax skips the space), markup cut off at the end
 * (sax lets a trailing `<` go), `<` in an attribute value,
 * characters XML does not allow, raw or as a character reference. Markup
 * counts only outside CDATA sections and comments. `text` is the document
 * after its own declaration.
 */
export function checkWellFormed(text: string): void {
  const illegal = illegalCharacter.exec(text)
  if (illegal !== null) notWellFormed(`the character ${hex(illegal[0].charCodeAt(0))} is not allowed in XML`)
  // CDATA sections and comments both start with '<!'.
  const visible = text.includes('<!') ? text.replace(hiddenSections, '') : text
  // Instructions (allowed in a WSDL) may hold any text: markup is checked without them.
  const markup = visible.includes('<?') ? visible.replace(instructions, '') : visible
  if (spacedMarkup.test(markup)) notWellFormed("'<' or '</' followed by white space")
  // A '<' after the last '>': markup cut off at the end, which sax lets go.
  if (markup.lastIndexOf('<') > markup.lastIndexOf('>')) notWellFormed('the document ends inside markup')
  if (doctypeMark.test(visible)) {
    throw new XmlReadError(
      'doctype',
      'the document has a DOCTYPE, which is refused (WS-I Basic Profile R1008)',
    )
  }
  if (declarationStart.test(visible)) {
    notWellFormed('an XML declaration (<?xml …?>) may only open the document, and only once')
  }
  const entity = foreignEntity.exec(visible)
  if (entity !== null) {
    const name = /^&([^\s;&<]{0,40})/.exec(visible.slice(entity.index))?.[1] ?? ''
    throw new XmlReadError(
      'syntax',
      name === ''
        ? "a bare '&' is not allowed in XML"
        : `the entity &${name}; is not defined (entities are never expanded)`,
    )
  }
  if (visible.includes('&#')) {
    for (const match of visible.matchAll(characterReference)) {
      const code = match[1] === undefined ? Number(match[2]) : Number.parseInt(match[1], 16)
      if (!isXmlCharacter(code)) {
        notWellFormed(`the character reference ${match[0].slice(0, 20)} names a character XML does not allow`)
      }
    }
  }
  checkAttributeValues(markup)
}
