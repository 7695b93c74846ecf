import { createTheme, type Theme } from './theme.js'
import { paintXmlToken } from './xml-paint.js'
import { maxXmlDepth, XmlSyntaxError, type XmlToken, xmlTokens } from './xml-tokens.js'

interface Line {
  depth: number
  text: string
}

interface Frame {
  name: string
  openIndex: number
  /** Index in `lines` of this element's first line. */
  firstLine: number
  inline: string[]
  hasBlockChild: boolean
  hasText: boolean
}

interface Layout {
  theme: Theme
  tokens: XmlToken[]
  lines: Line[]
  stack: Frame[]
  roots: number
}

/**
 * Re-indents the markup: an element holding only text stays on one line, an
 * element holding only elements (and comments, instructions) gets one child
 * per line, and mixed content is kept exactly as written so no text changes.
 */
function place(layout: Layout, token: XmlToken, index: number): void {
  const { stack, lines, theme } = layout
  const parent = stack.at(-1)
  const depth = stack.length
  if (token.kind === 'text' || token.kind === 'cdata') {
    const isText = token.kind === 'cdata' || token.raw.trim() !== ''
    if (parent === undefined && isText) throw new XmlSyntaxError('Text outside the root element')
    if (parent === undefined) return
    parent.hasText ||= isText
    parent.inline.push(paintXmlToken(token, theme))
    return
  }
  if (token.kind === 'close') {
    if (parent?.name !== token.name) throw new XmlSyntaxError(`Unexpected </${token.name}>`)
    stack.pop()
    closeElement(layout, parent, index, depth - 1)
    return
  }
  if (parent !== undefined) parent.hasBlockChild = true
  if (token.kind === 'doctype' && parent !== undefined) throw new XmlSyntaxError('DOCTYPE inside an element')
  if (token.kind === 'open') {
    if (parent === undefined && layout.roots++ > 0) throw new XmlSyntaxError('More than one root element')
    if (depth >= maxXmlDepth) throw new XmlSyntaxError(`Nested deeper than ${maxXmlDepth} elements`)
    if (!token.selfClosing) {
      const frame = { name: token.name, openIndex: index, firstLine: lines.length, inline: [] }
      stack.push({ ...frame, hasBlockChild: false, hasText: false })
    }
  }
  lines.push({ depth, text: paintXmlToken(token, theme) })
}

function closeElement(layout: Layout, frame: Frame, index: number, depth: number): void {
  const { tokens, lines, theme } = layout
  const close = paintXmlToken(tokens[index]!, theme)
  if (!frame.hasBlockChild) {
    lines[frame.firstLine]!.text += frame.inline.join('') + close
  } else if (!frame.hasText) {
    lines.push({ depth, text: close })
  } else {
    const verbatim = tokens.slice(frame.openIndex, index + 1).map((token) => paintXmlToken(token, theme))
    lines.length = frame.firstLine
    lines.push({ depth, text: verbatim.join('') })
  }
}

/**
 * An XML body indented by two spaces and coloured. Comments, CDATA,
 * instructions, the declaration and a DOCTYPE are kept (never expanded or
 * followed). Input that is not well-formed, or nested deeper than 200
 * elements, comes back unchanged. No trailing newline.
 */
export function formatXml(text: string, options: { colour: boolean }): string {
  return formatXmlText(text, options).text
}

/** formatXml, saying why when the input came back unchanged (for the caller's warning). */
export function formatXmlText(text: string, options: { colour: boolean }): { text: string; error?: string } {
  const layout: Layout = { theme: createTheme(options.colour), tokens: [], lines: [], stack: [], roots: 0 }
  try {
    for (const token of xmlTokens(text)) place(layout, token, layout.tokens.push(token) - 1)
    if (layout.stack.length > 0) throw new XmlSyntaxError(`<${layout.stack.at(-1)!.name}> is never closed`)
    if (layout.roots === 0) throw new XmlSyntaxError('No root element')
  } catch (error) {
    if (error instanceof XmlSyntaxError) return { text, error: error.message }
    throw error
  }
  return { text: layout.lines.map((line) => '  '.repeat(line.depth) + line.text).join('\n') }
}
