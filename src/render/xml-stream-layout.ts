import type { Theme } from './theme.js'
import { paintXmlToken } from './xml-paint.js'
import { maxXmlDepth, XmlSyntaxError, type XmlToken } from './xml-tokens.js'

interface Line {
  depth: number
  text: string
}

interface Frame {
  name: string
  /** Index in `lines` of this element's first line (while not committed). */
  firstLine: number
  /** Index in `tokens` of its open tag (while not committed). */
  firstToken: number
  inline: string[]
  hasBlockChild: boolean
  hasText: boolean
  /** Its first lines are written: it can no longer be laid out again as mixed content. */
  committed: boolean
}

/** Lines held back beyond this many characters are written, and the elements still open are committed. */
export const XML_LAYOUT_WINDOW = 1 << 20

/**
 * Re-indents XML as its tokens arrive: an element holding only text stays on
 * one line, an element holding only elements (and comments, instructions)
 * gets one child per line, and mixed content is kept exactly as written so
 * no text changes. Lines are written as soon as nothing can change them;
 * what could still change (the elements open, which may yet turn out mixed)
 * is held back up to XML_LAYOUT_WINDOW characters, then written as it
 * stands: those elements stay one child per line, and text that comes into
 * one of them later gets a line of its own. A document smaller than the
 * window is laid out exactly as a whole.
 */
export class XmlStreamLayout {
  private readonly lines: Line[] = []
  private tokens: XmlToken[] = []
  private readonly stack: Frame[] = []
  private roots = 0
  private held = 0
  private written = 0

  constructor(
    private readonly theme: Theme,
    private readonly write: (text: string) => void,
  ) {}

  place(token: XmlToken): void {
    const stack = this.stack
    const parent = stack.at(-1)
    const depth = stack.length
    if (parent !== undefined && !parent.committed) this.tokens.push(token)
    if (token.kind === 'text' || token.kind === 'cdata') {
      const isText = token.kind === 'cdata' || token.raw.trim() !== ''
      if (parent === undefined && isText) throw new XmlSyntaxError('Text outside the root element')
      if (parent !== undefined) this.text(parent, paintXmlToken(token, this.theme), isText, depth)
      return
    }
    if (token.kind === 'close') {
      if (parent?.name !== token.name) throw new XmlSyntaxError(`Unexpected </${token.name}>`)
      stack.pop()
      this.close(parent, token, depth - 1)
    } else {
      if (token.kind === 'doctype' && parent !== undefined)
        throw new XmlSyntaxError('DOCTYPE inside an element')
      if (token.kind === 'open') {
        if (parent === undefined && this.roots++ > 0) throw new XmlSyntaxError('More than one root element')
        if (depth >= maxXmlDepth) throw new XmlSyntaxError(`Nested deeper than ${maxXmlDepth} elements`)
      }
      if (parent !== undefined) parent.hasBlockChild = true
      if (token.kind === 'open' && !token.selfClosing) {
        if (parent?.committed !== false) this.tokens = [token]
        const frame = { name: token.name, firstLine: this.lines.length, firstToken: this.tokens.length - 1 }
        stack.push({ ...frame, inline: [], hasBlockChild: false, hasText: false, committed: false })
      }
      this.hold({ depth, text: paintXmlToken(token, this.theme) })
    }
    this.settle()
  }

  /** The end of the document: throws unless it was one complete root element. */
  end(): void {
    if (this.stack.length > 0) throw new XmlSyntaxError(`<${this.stack.at(-1)!.name}> is never closed`)
    if (this.roots === 0) throw new XmlSyntaxError('No root element')
    this.writeHeld()
  }

  private text(parent: Frame, painted: string, isText: boolean, depth: number): void {
    if (!parent.committed) {
      parent.hasText ||= isText
      parent.inline.push(painted)
      this.held += painted.length
      this.settle()
    } else if (!parent.hasBlockChild) this.write(painted)
    else if (isText) {
      parent.hasText = true
      this.writeLine({ depth, text: painted })
    }
  }

  private close(frame: Frame, token: XmlToken, depth: number): void {
    const close = paintXmlToken(token, this.theme)
    if (frame.committed) {
      if (frame.hasBlockChild) this.writeLine({ depth, text: close })
      else this.write(close)
    } else if (!frame.hasBlockChild) {
      this.lines[frame.firstLine]!.text += frame.inline.join('') + close
    } else if (!frame.hasText) {
      this.hold({ depth, text: close })
    } else {
      const verbatim = this.tokens.slice(frame.firstToken).map((each) => paintXmlToken(each, this.theme))
      this.lines.length = frame.firstLine
      this.hold({ depth, text: verbatim.join('') })
    }
  }

  private hold(line: Line): void {
    this.lines.push(line)
    this.held += line.text.length
  }

  /** Writes what nothing can change any more; past the window, commits the open elements. */
  private settle(): void {
    const open = this.stack
    if (open.length === 0 || open[open.length - 1]!.committed) {
      this.writeHeld()
      this.tokens = []
    } else if (this.held > XML_LAYOUT_WINDOW) {
      const innermost = open[open.length - 1]!
      if (!innermost.hasBlockChild) this.lines[innermost.firstLine]!.text += innermost.inline.join('')
      for (const frame of open) frame.committed = true
      this.writeHeld()
      this.tokens = []
    }
  }

  private writeHeld(): void {
    for (const line of this.lines) this.writeLine(line)
    this.lines.length = 0
    this.held = 0
  }

  private writeLine(line: Line): void {
    this.write(`${this.written++ > 0 ? '\n' : ''}${'  '.repeat(line.depth)}${line.text}`)
  }
}
