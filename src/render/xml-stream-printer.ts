import { ByteList } from './byte-list.js'
import type { OutputBuffer } from './output-buffer.js'
import { escapeControl } from './safe-text.js'
import { createTheme } from './theme.js'
import {
  type XmlAttributeRanges,
  XmlByteTokenizer,
  type XmlMarkupKind,
  type XmlOpenToken,
  type XmlTokenHandler,
} from './xml-byte-tokenizer.js'
import { paintXmlToken } from './xml-paint.js'
import { maxXmlDepth, XmlSyntaxError } from './xml-tokens.js'

/** An open element (one per depth, reused). */
interface Frame {
  /** Its name's bytes in `names`. */
  nameStart: number
  nameEnd: number
  /** Where in `held` its open tag starts, and where it ends. */
  start: number
  openEnd: number
  /** Where in `raw` its open tag starts (for laying it out again as written). */
  rawStart: number
  hasBlockChild: boolean
  hasText: boolean
  /** Written out already: laid out as it stands from now on. */
  committed: boolean
}

/** Held output beyond this many bytes is written and the elements still open are committed. */
export const XML_PRINT_WINDOW = 1 << 20

const bytes = (text: string) => Buffer.from(text, 'utf8')

/** Whether the bytes need escapeControl (C0/C1 controls, CR, DEL, U+061C, bidi controls; some harmless ones too: the lead bytes C2, D8 and E2). */
function needsEscape(source: Buffer, start: number, end: number): boolean {
  for (let index = start; index < end; index++) {
    const byte = source[index]!
    if (
      byte < 0x20
        ? byte !== 0x09 && byte !== 0x0a
        : byte === 0x7f || byte === 0xc2 || byte === 0xd8 || byte === 0xe2
    )
      return true
  }
  return false
}

/** Lead bytes of the non-ASCII characters String.prototype.trim removes (U+00A0, U+1680, U+2000–U+200A, …, U+FEFF). */
const spaceLeads = new Set([0xc2, 0xe1, 0xe2, 0xe3, 0xef])

/** Whether the bytes hold anything but whitespace (as String.prototype.trim sees it). */
function hasNonSpace(source: Buffer, start: number, end: number): boolean {
  for (let index = start; index < end; index++) {
    const byte = source[index]!
    if (byte >= 0x80) {
      if (!spaceLeads.has(byte)) return true
      return source.toString('utf8', index, end).trim() !== ''
    }
    if (byte !== 0x20 && (byte < 0x09 || byte > 0x0d)) return true
  }
  return false
}

/**
 * Whether an open tag's bytes are already as it is shown: one space before
 * each attribute, `=` and the quote right after the name, the end right after
 * the last value, and nothing to escape.
 */
function isCanonical(
  source: Buffer,
  start: number,
  end: number,
  nameEnd: number,
  selfClosing: boolean,
  attributes: XmlAttributeRanges,
): boolean {
  let at = nameEnd
  const ranges = attributes.at
  for (let index = 0; index < attributes.count; index++) {
    const base = 5 * index
    const nameStart = ranges[base]!
    const valueStart = ranges[base + 2]!
    if (nameStart !== at + 1 || source[at] !== 0x20 || valueStart !== ranges[base + 1]! + 2) return false
    at = ranges[base + 3]! + 1
  }
  if (end - at !== (selfClosing ? 2 : 1)) return false
  return !needsEscape(source, start, end)
}

function newFrame(): Frame {
  return {
    nameStart: 0,
    nameEnd: 0,
    start: 0,
    openEnd: 0,
    rawStart: 0,
    hasBlockChild: false,
    hasText: false,
    committed: false,
  }
}

/**
 * An XML pretty-printer that reads bytes a chunk at a time and writes as it
 * goes: an element holding only text stays on one line, an element holding
 * only elements (and comments, instructions) gets one child per line, and
 * mixed content is kept exactly as written, so no text changes. What could
 * still change (elements still open, which may yet turn out mixed) is held
 * back up to XML_PRINT_WINDOW bytes, then written as it stands: those
 * elements stay one child per line, and text that comes into one of them
 * later gets a line of its own. A document within the window prints exactly
 * as a whole. Not well-formed, or nested deeper than 200: an XmlSyntaxError.
 */
export class XmlStreamPrinter implements XmlTokenHandler {
  private readonly tokenizer = new XmlByteTokenizer(this)
  private readonly held = new ByteList()
  /** The markup as received since the outermost element that may still be laid out again. */
  private readonly raw = new ByteList()
  /** The open elements' names, one after another. */
  private readonly names = new ByteList(4096)
  private readonly frames: Frame[] = []
  private depth = 0
  private roots = 0
  private lines = 0
  /** Depth of the outermost mixed element not committed, or -1. */
  private mixedAt = -1
  /** Set while re-reading a mixed element: every token painted as written. */
  private verbatim = false
  private readonly paint

  constructor(
    private readonly out: OutputBuffer,
    colour: boolean,
  ) {
    const start = (code: string) => bytes(colour ? `\u001b[${code}m` : '')
    this.paint = {
      theme: createTheme(colour),
      tag: start('34'),
      attributeName: start('36'),
      attributeValue: start('32'),
      equals: bytes(colour ? '\u001b[2m=\u001b[0m' : '='),
      colour,
      gt: bytes('>'),
      slashGt: bytes('/>'),
      reset: bytes(colour ? '\u001b[0m' : ''),
      indent: bytes(`\n${'  '.repeat(maxXmlDepth)}`),
    }
  }

  push(chunk: Buffer): void {
    this.tokenizer.push(chunk)
  }

  /** The end of the document: throws unless it was one complete root element. */
  end(): void {
    this.tokenizer.end()
    if (this.depth > 0) throw new XmlSyntaxError(`<${this.name(this.top()!)}> is never closed`)
    if (this.roots === 0) throw new XmlSyntaxError('No root element')
    this.flush()
  }

  private top(): Frame | undefined {
    return this.depth === 0 ? undefined : this.frames[this.depth - 1]
  }

  private name(frame: Frame): string {
    return this.names.bytes.toString('utf8', frame.nameStart, frame.nameEnd)
  }

  text(source: Buffer, start: number, end: number, _more: boolean): void {
    if (this.verbatim) {
      this.paintText(source, start, end)
      return
    }
    const parent = this.top()
    if (parent === undefined) {
      if (hasNonSpace(source, start, end)) throw new XmlSyntaxError('Text outside the root element')
      return
    }
    if (!parent.committed) this.raw.push(source, start, end)
    if (this.mixedAt >= 0) return
    if (!parent.hasBlockChild) {
      if (!parent.hasText) parent.hasText = hasNonSpace(source, start, end)
      this.paintText(source, start, end)
    } else if (hasNonSpace(source, start, end)) {
      parent.hasText = true
      if (parent.committed) {
        this.lineBreak(this.depth)
        this.paintText(source, start, end)
      } else this.mixedAt = this.depth - 1
    }
    this.settle()
  }

  markup(kind: XmlMarkupKind, source: Buffer, start: number, end: number): void {
    if (this.verbatim) {
      this.paintMarkup(kind, source, start, end)
      return
    }
    const parent = this.top()
    if (kind === 'doctype' && parent !== undefined) throw new XmlSyntaxError('DOCTYPE inside an element')
    if (parent !== undefined && !parent.committed) this.raw.push(source, start, end)
    if (kind === 'cdata') {
      // CDATA is text: it sits inline like any other.
      if (parent === undefined) throw new XmlSyntaxError('Text outside the root element')
      if (this.mixedAt >= 0) return
      if (!parent.hasBlockChild) {
        parent.hasText = true
        this.paintMarkup(kind, source, start, end)
      } else if (parent.committed) {
        this.lineBreak(this.depth)
        this.paintMarkup(kind, source, start, end)
      } else this.mixedAt = this.depth - 1
    } else if (this.blockChild()) this.paintMarkup(kind, source, start, end)
    this.settle()
  }

  open(
    source: Buffer,
    start: number,
    end: number,
    nameEnd: number,
    selfClosing: boolean,
    attributes: XmlAttributeRanges,
    token?: XmlOpenToken,
  ): void {
    if (this.verbatim) {
      this.paintOpen(source, start, end, nameEnd, selfClosing, attributes, token)
      return
    }
    const depth = this.depth
    if (depth === 0 && this.roots++ > 0) throw new XmlSyntaxError('More than one root element')
    if (depth >= maxXmlDepth) throw new XmlSyntaxError(`Nested deeper than ${maxXmlDepth} elements`)
    if (this.top()?.committed !== false) this.raw.length = 0
    const rawStart = this.raw.length
    this.raw.push(source, start, end)
    const shown = this.blockChild()
    const tagStart = this.held.length
    if (shown) this.paintOpen(source, start, end, nameEnd, selfClosing, attributes, token)
    if (selfClosing) {
      this.settle()
      return
    }
    if (this.frames.length === depth) this.frames.push(newFrame())
    const frame = this.frames[depth]!
    frame.nameStart = this.names.length
    this.names.push(source, start + 1, nameEnd)
    frame.nameEnd = this.names.length
    frame.start = tagStart
    frame.openEnd = this.held.length
    frame.rawStart = rawStart
    frame.hasBlockChild = false
    frame.hasText = false
    frame.committed = false
    this.depth++
    this.settle()
  }

  close(source: Buffer, start: number, end: number, nameStart: number, nameEnd: number): void {
    if (this.verbatim) {
      this.paintClose(source, start, end, nameStart, nameEnd)
      return
    }
    const frame = this.top()
    if (frame === undefined || !this.sameName(frame, source, nameStart, nameEnd)) {
      throw new XmlSyntaxError(`Unexpected </${source.toString('utf8', nameStart, nameEnd)}>`)
    }
    this.depth--
    this.names.length = frame.nameStart
    if (!frame.committed) this.raw.push(source, start, end)
    const depth = this.depth
    if (this.mixedAt === depth) {
      this.mixedAt = -1
      this.held.length = frame.start
      this.again(frame.rawStart)
    } else if (this.mixedAt < 0) {
      if (frame.hasBlockChild) this.lineBreak(depth)
      this.paintClose(source, start, end, nameStart, nameEnd)
    }
    this.settle()
  }

  private sameName(frame: Frame, source: Buffer, start: number, end: number): boolean {
    if (end - start !== frame.nameEnd - frame.nameStart) return false
    const names = this.names.bytes
    for (let index = 0; index < end - start; index++) {
      if (names[frame.nameStart + index] !== source[start + index]) return false
    }
    return true
  }

  /**
   * A child that is not text (an element, a comment, an instruction) starts
   * a line of its own: its parent becomes an element of elements (dropping
   * the blank text before it) or, holding text already, mixed. Whether to
   * show it (not inside a mixed element, which is shown as written at its end).
   */
  private blockChild(): boolean {
    if (this.mixedAt >= 0) return false
    const parent = this.top()
    if (parent !== undefined && !parent.hasBlockChild) {
      parent.hasBlockChild = true
      if (parent.hasText && !parent.committed) {
        this.mixedAt = this.depth - 1
        return false
      }
      if (!parent.committed) this.held.length = parent.openEnd
    }
    this.lineBreak(this.depth)
    return true
  }

  /** Lays an element out again from its markup as received, every token as written. */
  private again(rawStart: number): void {
    const markup = Buffer.from(this.raw.view(rawStart))
    this.verbatim = true
    try {
      const tokenizer = new XmlByteTokenizer(this)
      tokenizer.push(markup)
      tokenizer.end()
    } finally {
      this.verbatim = false
    }
  }

  /** Writes what nothing can change any more; past the window, commits the open elements. */
  private settle(): void {
    const innermost = this.top()
    if (innermost !== undefined && !innermost.committed) {
      if (this.held.length <= XML_PRINT_WINDOW) return
      if (this.mixedAt >= 0) {
        const mixed = this.frames[this.mixedAt]!
        this.held.length = mixed.start
        this.again(mixed.rawStart)
        for (let depth = this.mixedAt; depth < this.depth; depth++) this.frames[depth]!.hasBlockChild = false
        this.mixedAt = -1
      }
      for (let depth = 0; depth < this.depth; depth++) this.frames[depth]!.committed = true
    }
    this.flush()
  }

  private flush(): void {
    if (this.held.length > 0) this.out.write(this.held.bytes, 0, this.held.length)
    this.held.length = 0
    this.raw.length = 0
  }

  private lineBreak(depth: number): void {
    if (this.lines++ === 0) this.held.push(this.paint.indent, 1, 1 + 2 * depth)
    else this.held.push(this.paint.indent, 0, 1 + 2 * depth)
  }

  /** Bytes from the server as shown: text, a name or a value, control characters escaped (the one way in for them). */
  private paintText(source: Buffer, start: number, end: number): void {
    if (needsEscape(source, start, end))
      this.held.pushText(escapeControl(source.toString('utf8', start, end)))
    else this.held.push(source, start, end)
  }

  private paintMarkup(kind: XmlMarkupKind, source: Buffer, start: number, end: number): void {
    this.held.pushText(paintXmlToken({ kind, raw: source.toString('utf8', start, end) }, this.paint.theme))
  }

  /** An open tag as paintXmlToken paints it: `<name` and `>` (or `/>`) as tags, attributes between. */
  private paintOpen(
    source: Buffer,
    start: number,
    end: number,
    nameEnd: number,
    selfClosing: boolean,
    attributes: XmlAttributeRanges,
    token?: XmlOpenToken,
  ): void {
    const held = this.held
    if (token !== undefined) {
      held.pushText(paintXmlToken(token, this.paint.theme))
      return
    }
    const paint = this.paint
    if (!paint.colour && isCanonical(source, start, end, nameEnd, selfClosing, attributes)) {
      // Written as it is shown: one space before each attribute, none around `=` or before `>`.
      held.push(source, start, end)
      return
    }
    held.push(paint.tag)
    held.push(source, start, start + 1)
    this.paintText(source, start + 1, nameEnd)
    held.push(paint.reset)
    for (let index = 0; index < attributes.count; index++) {
      const at = 5 * index
      const ranges = attributes.at
      held.push(paint.indent, 1, 2)
      this.paintEscaped(paint.attributeName, source, ranges[at]!, ranges[at + 1]!, 0)
      held.push(paint.equals)
      this.paintEscaped(paint.attributeValue, source, ranges[at + 2]!, ranges[at + 3]!, ranges[at + 4]!)
    }
    held.push(paint.tag)
    held.push(selfClosing ? paint.slashGt : paint.gt)
    held.push(paint.reset)
  }

  /** Bytes in one colour, control characters escaped, in quotes when `quote` is given. */
  private paintEscaped(colour: Buffer, source: Buffer, start: number, end: number, quote: number): void {
    const held = this.held
    held.push(colour)
    if (quote !== 0) held.push(source, start - 1, start)
    this.paintText(source, start, end)
    if (quote !== 0) held.push(source, end, end + 1)
    held.push(this.paint.reset)
  }

  /** A close tag as `</name>` (no space before `>`), painted. */
  private paintClose(source: Buffer, start: number, end: number, nameStart: number, nameEnd: number): void {
    const held = this.held
    const plain = !this.paint.colour
    if (plain && end - start === nameEnd - nameStart + 3 && !needsEscape(source, nameStart, nameEnd)) {
      held.push(source, start, end)
      return
    }
    if (!plain) held.push(this.paint.tag)
    held.push(source, start, nameStart)
    this.paintText(source, nameStart, nameEnd)
    held.push(this.paint.gt)
    if (!plain) held.push(this.paint.reset)
  }
}
