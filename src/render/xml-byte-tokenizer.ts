import { isAscii } from 'node:buffer'
import { markupAt, XmlSyntaxError, type XmlToken } from './xml-tokens.js'

export type XmlMarkupKind = 'comment' | 'cdata' | 'instruction' | 'doctype'
export type XmlOpenToken = Extract<XmlToken, { kind: 'open' }>

/**
 * An open tag's attributes as ranges of the tag's bytes, five numbers each:
 * name start and end, value start and end (inside the quotes), the quote.
 */
export interface XmlAttributeRanges {
  count: number
  at: Int32Array
}

/** What the tokenizer finds, as ranges of the bytes it was given (valid only during the call). */
export interface XmlTokenHandler {
  /** `more`: the text goes on in the next call (a text is passed on as it arrives); the last part comes with `more` false. */
  text(bytes: Buffer, start: number, end: number, more: boolean): void
  markup(kind: XmlMarkupKind, bytes: Buffer, start: number, end: number): void
  /**
   * An open tag from `<` at `start` to `end`, its name up to `nameEnd`; its
   * attributes as ranges, or (a tag with anything unusual in it, read by
   * xml-tokens.ts) in `token`.
   */
  open(
    bytes: Buffer,
    start: number,
    end: number,
    nameEnd: number,
    selfClosing: boolean,
    attributes: XmlAttributeRanges,
    token?: XmlOpenToken,
  ): void
  /** A close tag from `</` at `start` to `end`, its name from `nameStart` to `nameEnd`. */
  close(bytes: Buffer, start: number, end: number, nameStart: number, nameEnd: number): void
}

const LT = 0x3c
const GT = 0x3e
const CR = 0x0d
const NEWLINE = 0x0a
const empty = Buffer.alloc(0)
const commentOpen = Buffer.from('<!--')
const cdataOpen = Buffer.from('<![CDATA[')
const doctypeOpen = Buffer.from('<!DOCTYPE')

/** Bytes that may be in a name on the fast path: ASCII letters, digits, `_ : . -`. */
const plainName = new Uint8Array(256)
for (const char of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_:.-') {
  plainName[char.charCodeAt(0)] = 1
}

/** How many UTF-16 code units the (valid) UTF-8 bytes make: what a JavaScript column counts. */
function utf16Length(bytes: Buffer, start: number, end: number): number {
  const part = bytes.subarray(start, end)
  return isAscii(part) ? part.length : part.toString('utf8').length
}

const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x09 || byte === 0x0d

function startsWith(bytes: Buffer, at: number, prefix: Buffer, ignoreCase = false): boolean {
  if (bytes.length - at < prefix.length) return false
  for (let index = 0; index < prefix.length; index++) {
    const byte = bytes[at + index]!
    if ((ignoreCase && byte >= 0x61 && byte <= 0x7a ? byte - 0x20 : byte) !== prefix[index]) return false
  }
  return true
}

/** Whether the bytes from `at` to the end could still become `prefix`. */
function couldBecome(bytes: Buffer, at: number, prefix: Buffer): boolean {
  const available = bytes.length - at
  if (available >= prefix.length) return false
  for (let index = 0; index < available; index++) {
    const byte = bytes[at + index]!
    if ((byte >= 0x61 && byte <= 0x7a ? byte - 0x20 : byte) !== prefix[index]) return false
  }
  return true
}

/**
 * The XML tokenizer on bytes (valid UTF-8, see Utf8Chunks), a chunk at a
 * time: markup cut into tokens exactly as xml-tokens.ts reads it, never an
 * entity expanded or a DOCTYPE read, text passed on as it comes. A token cut
 * by the end of a chunk waits for the next one, re-read only once the bytes
 * after it have doubled (a long comment costs linear time). Errors are
 * XmlSyntaxErrors saying the line and column in the whole document.
 */
export class XmlByteTokenizer {
  private pending: Buffer = empty
  private waitFor = 0
  private textGoesOn = false
  /** Newlines before `pending`, and the bytes since the last one. */
  private lines = 0
  private column = 0

  private readonly attributes: XmlAttributeRanges = { count: 0, at: new Int32Array(5 * 16) }

  constructor(private readonly handler: XmlTokenHandler) {}

  push(chunk: Buffer): void {
    if (chunk.length === 0) return
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk])
    if (this.pending.length < this.waitFor) return
    this.read(false)
  }

  end(): void {
    this.read(true)
  }

  private read(final: boolean): void {
    const bytes = this.pending
    const length = bytes.length
    let index = 0
    this.waitFor = 0
    while (index < length) {
      if (bytes[index] !== LT) {
        const next = bytes.indexOf(LT, index)
        if (next >= 0 || final) {
          const end = next < 0 ? length : next
          this.handler.text(bytes, index, end, false)
          this.textGoesOn = false
          index = end
          continue
        }
        // A CR stays for the next chunk, so CR LF is never cut in two.
        const end = bytes[length - 1] === CR ? length - 1 : length
        if (end > index) {
          this.handler.text(bytes, index, end, true)
          this.textGoesOn = true
        }
        index = end
        break
      }
      if (this.textGoesOn) {
        this.handler.text(bytes, index, index, false)
        this.textGoesOn = false
      }
      const end = this.markup(bytes, index, final)
      if (end < 0) {
        this.waitFor = 2 * (length - index)
        break
      }
      index = end
    }
    if (final && this.textGoesOn) {
      this.handler.text(bytes, index, index, false)
      this.textGoesOn = false
    }
    this.drop(bytes, index)
  }

  /**
   * Forgets the bytes read, counting their lines for positions. The column
   * counts what is still held in characters (exact for a body read whole),
   * and what was dropped before it on the same line in bytes.
   */
  private drop(bytes: Buffer, index: number): void {
    if (index === 0) return
    const lastNewline = bytes.lastIndexOf(NEWLINE, index - 1)
    if (lastNewline < 0) this.column += index
    else {
      for (let at = bytes.indexOf(NEWLINE); at >= 0 && at < index; at = bytes.indexOf(NEWLINE, at + 1))
        this.lines++
      this.column = index - lastNewline - 1
    }
    this.pending = index === bytes.length ? empty : Buffer.from(bytes.subarray(index))
  }

  private fail(bytes: Buffer, index: number, what: string): never {
    let lines = this.lines
    const lastNewline = index === 0 ? -1 : bytes.lastIndexOf(NEWLINE, index - 1)
    for (let at = bytes.indexOf(NEWLINE); at >= 0 && at < index; at = bytes.indexOf(NEWLINE, at + 1)) lines++
    const column =
      lastNewline < 0
        ? this.column + utf16Length(bytes, 0, index)
        : utf16Length(bytes, lastNewline + 1, index)
    throw new XmlSyntaxError(`${what} at line ${lines + 1}, column ${column + 1}`)
  }

  /** The markup at `start` handed on; its end, or -1 when the bytes cut it short. */
  private markup(bytes: Buffer, start: number, final: boolean): number {
    const next = bytes[start + 1]
    if (next === 0x21) {
      if (!final && [commentOpen, cdataOpen, doctypeOpen].some((prefix) => couldBecome(bytes, start, prefix)))
        return -1
      if (startsWith(bytes, start, commentOpen))
        return this.delimited(bytes, start, 4, '-->', 'comment', final)
      if (startsWith(bytes, start, cdataOpen)) return this.delimited(bytes, start, 9, ']]>', 'cdata', final)
      if (startsWith(bytes, start, doctypeOpen, true)) return this.doctype(bytes, start, final)
    } else if (next === 0x3f) return this.delimited(bytes, start, 2, '?>', 'instruction', final)
    else if (next === 0x2f) return this.closeTag(bytes, start, final)
    else if (next === undefined && !final) return -1
    return this.openTag(bytes, start, final)
  }

  private delimited(
    bytes: Buffer,
    start: number,
    skip: number,
    terminator: string,
    kind: XmlMarkupKind,
    final: boolean,
  ): number {
    const at = bytes.indexOf(terminator, start + skip)
    if (at < 0) {
      if (!final) return -1
      const what = { comment: 'comment', cdata: 'CDATA section', instruction: 'processing instruction' }
      this.fail(bytes, start + skip, `Unterminated ${what[kind as 'comment']}`)
    }
    const end = at + terminator.length
    this.handler.markup(kind, bytes, start, end)
    return end
  }

  /** `<!DOCTYPE ...>`, skipping a bracketed internal subset and quoted strings without reading them. */
  private doctype(bytes: Buffer, start: number, final: boolean): number {
    let quote = 0
    let inSubset = false
    for (let index = start + 9; index < bytes.length; index++) {
      const byte = bytes[index]!
      if (quote !== 0) {
        if (byte === quote) quote = 0
      } else if (byte === 0x22 || byte === 0x27) quote = byte
      else if (byte === 0x5b) inSubset = true
      else if (byte === 0x5d) inSubset = false
      else if (byte === GT && !inSubset) {
        this.handler.markup('doctype', bytes, start, index + 1)
        return index + 1
      }
    }
    if (final) this.fail(bytes, start, 'Unterminated DOCTYPE')
    return -1
  }

  private closeTag(bytes: Buffer, start: number, final: boolean): number {
    const gt = bytes.indexOf(GT, start + 2)
    if (gt < 0) {
      const lt = bytes.indexOf(LT, start + 1)
      if (!final && lt < 0) return -1
      this.fail(bytes, start, 'Malformed end tag')
    }
    let index = start + 2
    while (index < gt && plainName[bytes[index]!] === 1) index++
    if (index === gt && gt > start + 2) {
      this.handler.close(bytes, start, gt + 1, start + 2, gt)
      return gt + 1
    }
    const markup = this.parsed(bytes, start, gt + 1)
    if (markup.token.kind !== 'close' || start + Buffer.byteLength(markup.token.raw) !== gt + 1)
      this.fail(bytes, start, 'Malformed end tag')
    this.handler.close(bytes, start, gt + 1, start + 2, start + 2 + Buffer.byteLength(markup.token.name))
    return gt + 1
  }

  private openTag(bytes: Buffer, start: number, final: boolean): number {
    const length = bytes.length
    let index = start + 1
    while (index < length && plainName[bytes[index]!] === 1) index++
    const nameEnd = index
    if (nameEnd > start + 1) {
      const end = this.plainAttributes(bytes, nameEnd)
      if (end > 0) {
        this.handler.open(bytes, start, end, nameEnd, bytes[end - 2] === 0x2f, this.attributes)
        return end
      }
    }
    // Anything unusual: find the tag's end, then read it as text.
    let quote = 0
    for (; index < length; index++) {
      const byte = bytes[index]!
      if (quote !== 0) {
        if (byte === quote) quote = 0
        else if (byte === LT) break
      } else if (byte === GT || byte === LT) break
      else if (byte === 0x22 || byte === 0x27) quote = byte
    }
    if (index >= length && !final) return -1
    const end = index < length && bytes[index] === GT ? index + 1 : length
    const markup = this.parsed(bytes, start, end)
    if (markup.token.kind !== 'open') this.fail(bytes, start, "Expected an element name after '<'")
    const tokenEnd = start + Buffer.byteLength(markup.token.raw)
    const tokenNameEnd = start + 1 + Buffer.byteLength(markup.token.name)
    this.attributes.count = 0
    this.handler.open(
      bytes,
      start,
      tokenEnd,
      tokenNameEnd,
      markup.token.selfClosing,
      this.attributes,
      markup.token,
    )
    return tokenEnd
  }

  /**
   * Plain attributes after a tag's name (` name="value"`, ASCII names and
   * spacing) up to `>` or `/>`, into `this.attributes`: the tag's end, or 0
   * when anything else is there (the slow path reads it then).
   */
  private plainAttributes(bytes: Buffer, from: number): number {
    const length = bytes.length
    const ranges = this.attributes
    ranges.count = 0
    let index = from
    for (;;) {
      const spaced = index < length && isSpace(bytes[index]!)
      while (index < length && isSpace(bytes[index]!)) index++
      if (index >= length) return 0
      const byte = bytes[index]!
      if (byte === GT) return index + 1
      if (byte === 0x2f) return bytes[index + 1] === GT ? index + 2 : 0
      if (!spaced) return 0
      const nameStart = index
      while (index < length && plainName[bytes[index]!] === 1) index++
      if (index === nameStart) return 0
      const nameEnd = index
      while (index < length && isSpace(bytes[index]!)) index++
      if (bytes[index] !== 0x3d) return 0
      index++
      while (index < length && isSpace(bytes[index]!)) index++
      const quote = bytes[index]
      if (quote !== 0x22 && quote !== 0x27) return 0
      const valueStart = ++index
      while (index < length && bytes[index] !== quote && bytes[index] !== LT) index++
      if (bytes[index] !== quote) return 0
      if (ranges.at.length < 5 * (ranges.count + 1)) {
        const grown = new Int32Array(ranges.at.length * 2)
        grown.set(ranges.at)
        ranges.at = grown
      }
      const at = 5 * ranges.count++
      ranges.at[at] = nameStart
      ranges.at[at + 1] = nameEnd
      ranges.at[at + 2] = valueStart
      ranges.at[at + 3] = index
      ranges.at[at + 4] = quote
      index++
    }
  }

  /** The markup in `bytes[start, end)` read by xml-tokens.ts (its errors placed in the document). */
  private parsed(bytes: Buffer, start: number, end: number) {
    const text = bytes.toString('utf8', start, end)
    try {
      return markupAt(text, 0, true)!
    } catch (error) {
      if (!(error instanceof XmlSyntaxError) || error.index === undefined) throw error
      const index = start + Buffer.byteLength(text.slice(0, error.index))
      return this.fail(bytes, index, error.message)
    }
  }
}
