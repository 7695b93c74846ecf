import { ByteList } from './byte-list.js'
import type { OutputBuffer } from './output-buffer.js'
import { escapeControl } from './safe-text.js'
import { createTheme } from './theme.js'
import {
  XmlByteTokenizer,
  type XmlMarkupKind,
  type XmlOpenToken,
  type XmlTokenHandler,
} from './xml-byte-tokenizer.js'
import { paintXmlToken } from './xml-paint.js'
import { maxXmlDepth, XmlSyntaxError } from './xml-tokens.js'

interface Frame {
  name: string
  depth: number
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

/** Whether the bytes need escapeControl (C0/C1 controls, CR, DEL, bidi overrides; some harmless ones too). */
function needsEscape(source: Buffer, start: number, end: number): boolean {
  for (let index = start; index < end; index++) {
    const byte = source[index]!
    if (byte < 0x20 ? byte !== 0x09 && byte !== 0x0a : byte === 0x7f || byte === 0xc2 || byte === 0xe2)
      return true
  }
  return false
}

/** Whether the bytes hold anything but whitespace (as String.prototype.trim sees it). */
function hasNonSpace(source: Buffer, start: number, end: number): boolean {
  for (let index = start; index < end; index++) {
    const byte = source[index]!
    if (byte >= 0x80) return source.toString('utf8', index, end).trim() !== ''
    if (byte !== 0x20 && (byte < 0x09 || byte > 0x0d)) return true
  }
  return false
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
  private readonly stack: Frame[] = []
  private roots = 0
  private lines = 0
  /** Index in `stack` of the outermost mixed element not committed, or -1. */
  private mixedAt = -1
  /** Set while re-reading a mixed element: every token painted as written. */
  private verbatim = false
  private readonly paint

  constructor(
    private readonly out: OutputBuffer,
    colour: boolean,
  ) {
    const theme = createTheme(colour)
    const wrap = (code: string) => [bytes(colour ? `\u001b[${code}m` : ''), bytes(colour ? '\u001b[0m' : '')]
    const [tagStart, reset] = wrap('34')
    const [dimStart] = wrap('2')
    this.paint = {
      theme,
      tagStart: tagStart!,
      reset: reset!,
      dimStart: dimStart!,
      indent: bytes(`\n${'  '.repeat(maxXmlDepth)}`),
    }
  }

  push(chunk: Buffer): void {
    this.tokenizer.push(chunk)
  }

  /** The end of the document: throws unless it was one complete root element. */
  end(): void {
    this.tokenizer.end()
    if (this.stack.length > 0) throw new XmlSyntaxError(`<${this.stack.at(-1)!.name}> is never closed`)
    if (this.roots === 0) throw new XmlSyntaxError('No root element')
    this.flush()
  }

  text(source: Buffer, start: number, end: number, _more: boolean): void {
    if (this.verbatim) {
      this.paintText(source, start, end)
      return
    }
    const parent = this.stack.at(-1)
    if (parent === undefined) {
      if (hasNonSpace(source, start, end)) throw new XmlSyntaxError('Text outside the root element')
      return
    }
    if (!parent.committed) this.raw.push(source, start, end)
    if (this.mixedAt >= 0) return
    if (!parent.hasBlockChild) {
      parent.hasText ||= hasNonSpace(source, start, end)
      this.paintText(source, start, end)
    } else if (hasNonSpace(source, start, end)) {
      parent.hasText = true
      if (parent.committed) {
        this.lineBreak(this.stack.length)
        this.paintText(source, start, end)
      } else this.mixedAt = this.stack.length - 1
    }
    this.settle()
  }

  markup(kind: XmlMarkupKind, source: Buffer, start: number, end: number): void {
    if (this.verbatim) {
      this.paintMarkup(kind, source, start, end)
      return
    }
    if (kind === 'doctype' && this.stack.length > 0) throw new XmlSyntaxError('DOCTYPE inside an element')
    if (kind === 'cdata') {
      // CDATA is text: it sits inline like any other.
      const parent = this.stack.at(-1)
      if (parent === undefined) throw new XmlSyntaxError('Text outside the root element')
      if (!parent.committed) this.raw.push(source, start, end)
      if (this.mixedAt >= 0) return
      if (!parent.hasBlockChild) {
        parent.hasText = true
        this.paintMarkup(kind, source, start, end)
      } else if (parent.committed) {
        this.lineBreak(this.stack.length)
        this.paintMarkup(kind, source, start, end)
      } else this.mixedAt = this.stack.length - 1
      this.settle()
      return
    }
    if (this.stack.at(-1)?.committed === false) this.raw.push(source, start, end)
    if (this.blockChild()) this.paintMarkup(kind, source, start, end)
    this.settle()
  }

  open(
    name: string,
    source: Buffer,
    start: number,
    end: number,
    selfClosing: boolean,
    token?: XmlOpenToken,
  ): void {
    if (this.verbatim) {
      this.paintOpen(source, start, name, selfClosing, token)
      return
    }
    const depth = this.stack.length
    if (depth === 0 && this.roots++ > 0) throw new XmlSyntaxError('More than one root element')
    if (depth >= maxXmlDepth) throw new XmlSyntaxError(`Nested deeper than ${maxXmlDepth} elements`)
    if (this.stack.at(-1)?.committed !== false) this.raw.length = 0
    const rawStart = this.raw.length
    this.raw.push(source, start, end)
    const shown = this.blockChild()
    const tagStart = this.held.length
    if (shown) this.paintOpen(source, start, name, selfClosing, token)
    if (!selfClosing) {
      this.stack.push({
        name,
        depth,
        start: tagStart,
        openEnd: this.held.length,
        rawStart,
        hasBlockChild: false,
        hasText: false,
        committed: false,
      })
    }
    this.settle()
  }

  close(name: string, source: Buffer, start: number, end: number): void {
    if (this.verbatim) {
      this.paintClose(source, start, end, name)
      return
    }
    const frame = this.stack.at(-1)
    if (frame?.name !== name) throw new XmlSyntaxError(`Unexpected </${name}>`)
    this.stack.pop()
    if (!frame.committed) this.raw.push(source, start, end)
    const depth = this.stack.length
    if (this.mixedAt === depth) {
      this.mixedAt = -1
      this.held.length = frame.start
      this.again(frame.rawStart)
    } else if (this.mixedAt < 0) {
      if (frame.hasBlockChild) this.lineBreak(depth)
      this.paintClose(source, start, end, name)
    }
    this.settle()
  }

  /**
   * A child that is not text (an element, a comment, an instruction) starts
   * a line of its own: its parent becomes an element of elements (dropping
   * the blank text before it) or, holding text already, mixed. Whether to
   * show it (not inside a mixed element, which is shown as written at its end).
   */
  private blockChild(): boolean {
    const parent = this.stack.at(-1)
    if (this.mixedAt >= 0) return false
    if (parent !== undefined && !parent.hasBlockChild) {
      parent.hasBlockChild = true
      if (parent.hasText && !parent.committed) {
        this.mixedAt = this.stack.length - 1
        return false
      }
      if (!parent.committed) this.held.length = parent.openEnd
    }
    this.lineBreak(this.stack.length)
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
    const innermost = this.stack.at(-1)
    if (innermost !== undefined && !innermost.committed) {
      if (this.held.length <= XML_PRINT_WINDOW) return
      if (this.mixedAt >= 0) {
        const mixed = this.stack[this.mixedAt]!
        this.held.length = mixed.start
        this.again(mixed.rawStart)
        for (const frame of this.stack.slice(this.mixedAt)) frame.hasBlockChild = false
        this.mixedAt = -1
      }
      for (const frame of this.stack) frame.committed = true
    }
    this.flush()
  }

  private flush(): void {
    this.out.write(this.held.bytes, 0, this.held.length)
    this.held.length = 0
    this.raw.length = 0
  }

  private lineBreak(depth: number): void {
    if (this.lines++ === 0) this.held.push(this.paint.indent, 1, 1 + 2 * depth)
    else this.held.push(this.paint.indent, 0, 1 + 2 * depth)
  }

  private paintText(source: Buffer, start: number, end: number): void {
    if (needsEscape(source, start, end))
      this.held.pushText(escapeControl(source.toString('utf8', start, end)))
    else this.held.push(source, start, end)
  }

  private paintMarkup(kind: XmlMarkupKind, source: Buffer, start: number, end: number): void {
    this.held.pushText(paintXmlToken({ kind, raw: source.toString('utf8', start, end) }, this.paint.theme))
  }

  /** An open tag: with attributes as paintXmlToken paints it; else `<name` and `>` (or `/>`), each painted. */
  private paintOpen(
    source: Buffer,
    start: number,
    name: string,
    selfClosing: boolean,
    token?: XmlOpenToken,
  ): void {
    if (token !== undefined) {
      this.held.pushText(paintXmlToken(token, this.paint.theme))
      return
    }
    const { tagStart, reset } = this.paint
    const held = this.held
    held.push(tagStart)
    held.push(source, start, start + 1 + name.length)
    held.push(reset)
    held.push(tagStart)
    if (selfClosing) held.push(source, start + 1 + name.length, start + 3 + name.length)
    else held.push(source, start + 1 + name.length, start + 2 + name.length)
    held.push(reset)
  }

  /** A close tag as `</name>` (no space before `>`), painted. */
  private paintClose(source: Buffer, start: number, end: number, name: string): void {
    const { tagStart, reset } = this.paint
    this.held.push(tagStart)
    if (end - start === name.length + 3) this.held.push(source, start, end)
    else this.held.pushText(`</${name}>`)
    this.held.push(reset)
  }
}
