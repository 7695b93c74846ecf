import { ByteList } from './byte-list.js'
import { JsonStreamError } from './json-stream-printer.js'

/** What a JSON body holds at its top, as it arrives. */
export interface JsonListEvents {
  /** An item of the top-level list, or of a list in a field of the top-level object (`list` names the field). */
  item(value: unknown, list: string | undefined): void
  /** A field of the top-level object whose value is a list: its items follow, then `listEnd`. */
  listStart(name: string): void
  listEnd(name: string): void
  /** Any other field of the top-level object. */
  field(name: string, value: unknown): void
  /** A top-level value that is neither a list nor an object. */
  scalar(value: unknown): void
}

// What the next byte at the level being read may be.
const VALUE = 0
const VALUE_OR_CLOSE = 1
const AFTER_VALUE = 2
const KEY = 3
const KEY_OR_CLOSE = 4
const COLON = 5

const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09

/**
 * Reads a JSON body a chunk at a time for a table: the items of its
 * top-level list (or of the lists in the fields of its top-level object)
 * come out one by one as they end, each parsed on its own by JSON.parse,
 * with the other fields; only the item being read is held. The structure
 * around the items is checked as it goes (JSON.parse checks each item):
 * a fault throws a JsonStreamError.
 */
export class JsonListReader {
  private depth = 0
  /** `[` or `{` for the two outer levels. */
  private readonly kinds = [0, 0, 0]
  private expect = VALUE
  private inString = false
  private escape = false
  /** The value being read (an item, a field's value, a key): its bytes so far, and its level. */
  private readonly span = new ByteList(4096)
  private spanLevel = -1
  private spanIsKey = false
  /** A number or literal: it ends at the first byte that cannot be in it. */
  private spanIsBare = false
  private key = ''
  private list: string | undefined
  private consumed = 0
  private top = 0

  constructor(private readonly events: JsonListEvents) {}

  /** What the body holds at its top, once its first byte is read. */
  get kind(): 'list' | 'object' | 'scalar' | undefined {
    return this.top === 0x5b
      ? 'list'
      : this.top === 0x7b
        ? 'object'
        : this.top === 0x20
          ? 'scalar'
          : undefined
  }

  push(chunk: Uint8Array): void {
    let index = 0
    const length = chunk.length
    let spanFrom = this.spanLevel >= 0 ? 0 : -1
    while (index < length) {
      const byte = chunk[index]!
      if (this.top === 0x20) {
        index++
        continue
      }
      if (this.inString) {
        if (this.escape) this.escape = false
        else if (byte === 0x5c) this.escape = true
        else if (byte === 0x22) {
          this.inString = false
          if (this.spanLevel === this.depth && !this.spanIsBare) {
            this.span.push(chunk, spanFrom, index + 1)
            spanFrom = -1
            this.endSpan(index)
          }
        }
        index++
        continue
      }
      if (this.spanIsBare && this.spanLevel === this.depth) {
        if (byte === 0x2c || byte === 0x5d || byte === 0x7d || isSpace(byte)) {
          this.span.push(chunk, spanFrom, index)
          spanFrom = -1
          this.endSpan(index)
          continue
        }
        index++
        continue
      }
      if (this.spanLevel >= 0 && this.depth > this.spanLevel) {
        // Inside an item or field value: only strings and brackets matter until it closes.
        if (byte === 0x22) this.inString = true
        else if (byte === 0x7b || byte === 0x5b) this.depth++
        else if (byte === 0x7d || byte === 0x5d) {
          this.depth--
          if (this.depth === this.spanLevel) {
            this.span.push(chunk, spanFrom, index + 1)
            spanFrom = -1
            this.endSpan(index)
          }
        }
        index++
        continue
      }
      if (isSpace(byte)) {
        index++
        continue
      }
      const before = this.spanLevel
      this.structure(byte, index)
      if (this.spanLevel >= 0 && before < 0) spanFrom = index
      index++
    }
    if (spanFrom >= 0 && this.spanLevel >= 0) this.span.push(chunk, spanFrom, length)
    this.consumed += length
  }

  /** The body ended: throws unless it was complete. */
  end(): void {
    if (this.top === 0x20 || (this.spanIsBare && this.spanLevel === 0)) {
      this.top = 0x20
      this.events.scalar(this.parse(this.consumed))
      return
    }
    if (this.spanIsBare && this.spanLevel === this.depth) this.endSpan(0)
    if (this.top === 0 || this.depth > 0 || this.inString || this.spanLevel >= 0) {
      throw new JsonStreamError('Unexpected end of JSON input', this.consumed)
    }
  }

  private fail(index: number, what: string): never {
    const at = this.consumed + index
    throw new JsonStreamError(`${what} at byte ${at}`, at)
  }

  /** A byte at one of the two outer levels, outside any item. */
  private structure(byte: number, index: number): void {
    const depth = this.depth
    const kind = this.kinds[depth] ?? 0
    switch (this.expect) {
      case KEY:
      case KEY_OR_CLOSE:
        if (byte === 0x7d && this.expect === KEY_OR_CLOSE) this.close()
        else if (byte !== 0x22) this.fail(index, 'Expected a property name')
        else {
          this.beginSpan(depth, true, false)
          this.inString = true
        }
        break
      case COLON:
        if (byte !== 0x3a) this.fail(index, "Expected ':' after a property name")
        this.expect = VALUE
        break
      case AFTER_VALUE:
        if (byte === 0x2c && depth > 0) this.expect = kind === 0x7b ? KEY : VALUE
        else if (depth > 0 && byte === kind + 2) this.close()
        else
          this.fail(index, depth === 0 ? 'Unexpected data after the JSON value' : "Expected ',' or a close")
        break
      default:
        if (byte === 0x5d && this.expect === VALUE_OR_CLOSE) this.close()
        else this.value(byte)
    }
  }

  private value(byte: number): void {
    const depth = this.depth
    const topObject = depth === 1 && this.kinds[1] === 0x7b
    if (depth === 0) {
      if (byte === 0x5b || byte === 0x7b) {
        this.top = byte
        this.kinds[1] = byte
        this.depth = 1
        this.expect = byte === 0x7b ? KEY_OR_CLOSE : VALUE_OR_CLOSE
        return
      }
      // A scalar at the top: read to the end and parsed whole.
      this.top = 0x20
      this.beginSpan(0, false, true)
      return
    }
    if (topObject && byte === 0x5b) {
      this.kinds[2] = byte
      this.depth = 2
      this.list = this.key
      this.events.listStart(this.key)
      this.expect = VALUE_OR_CLOSE
      return
    }
    const bare = byte !== 0x22 && byte !== 0x7b && byte !== 0x5b
    this.beginSpan(depth, false, bare)
    if (byte === 0x22) this.inString = true
    else if (!bare) this.depth++
  }

  private close(): void {
    this.depth--
    if (this.depth === 1 && this.list !== undefined) {
      const name = this.list
      this.list = undefined
      this.events.listEnd(name)
    }
    this.expect = AFTER_VALUE
  }

  private beginSpan(level: number, isKey: boolean, bare: boolean): void {
    this.span.length = 0
    this.spanLevel = level
    this.spanIsKey = isKey
    this.spanIsBare = bare
  }

  private endSpan(index: number): void {
    const value = this.parse(this.consumed + index)
    this.spanLevel = -1
    this.spanIsBare = false
    if (this.spanIsKey) {
      this.key = value as string
      this.expect = COLON
      return
    }
    this.expect = AFTER_VALUE
    if (this.depth === 1 && this.kinds[1] === 0x7b) this.events.field(this.key, value)
    else this.events.item(value, this.list)
  }

  private parse(offset: number): unknown {
    const text = this.span.bytes.toString('utf8', 0, this.span.length)
    try {
      return JSON.parse(text)
    } catch (error) {
      throw new JsonStreamError(`${(error as Error).message} (before byte ${offset})`, offset)
    }
  }
}
