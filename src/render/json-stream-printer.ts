import { JsonStreamLayout, type ScalarType } from './json-stream-layout.js'
import type { OutputBuffer } from './output-buffer.js'

/** The input is not JSON: where (bytes from the start) and why. */
export class JsonStreamError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message)
    this.name = 'JsonStreamError'
  }
}

// What the next byte may be.
const VALUE = 0
const AFTER = 1
const KEY = 2
const COLON = 3
const STRING = 4
const NUMBER = 5
const LITERAL = 6

// Inside a string.
const PLAIN = 0
const ESCAPE = 1
const HEX = 2

// Inside a number: JSON's grammar, one state per position.
const N_START = 0
const N_MINUS = 1
const N_ZERO = 2
const N_INT = 3
const N_DOT = 4
const N_FRACTION = 5
const N_E = 6
const N_EXPONENT_SIGN = 7
const N_EXPONENT = 8

const QUOTE = 0x22
const BACKSLASH = 0x5c
const shortEscapes: Record<number, number> = {
  34: 0x22,
  92: 0x5c,
  47: 0x2f,
  98: 8,
  102: 12,
  110: 10,
  114: 13,
  116: 9,
}
const literals: Record<number, [Buffer, ScalarType]> = {
  116: [Buffer.from('true'), 'boolean'],
  102: [Buffer.from('false'), 'boolean'],
  110: [Buffer.from('null'), 'null'],
}
const hexDigits = Buffer.from('0123456789abcdef')

/** Bytes copied as they are inside a string: not a quote, a backslash, a control, or the first byte of DEL, a C1 control (C2), U+061C (D8) or a bidi control (E2). */
const plainByte = new Uint8Array(256)
for (let byte = 0x20; byte < 256; byte++) plainByte[byte] = 1
for (const byte of [QUOTE, BACKSLASH, 0x7f, 0xc2, 0xd8, 0xe2]) plainByte[byte] = 0

/** Characters escapeControl writes as `\u` escapes that JSON allows raw in a string. */
function isUnsafe(code: number): boolean {
  return (
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x61c ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  )
}

function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30
  const lower = byte | 0x20
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1
}

const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09
const isDigit = (byte: number) => byte >= 0x30 && byte <= 0x39

function describe(byte: number): string {
  return byte >= 0x20 && byte < 0x7f ? `'${String.fromCharCode(byte)}'` : `byte 0x${byte.toString(16)}`
}

/**
 * A JSON pretty-printer that reads its input a chunk at a time (valid UTF-8,
 * see Utf8Chunks) and writes the laid-out, coloured text as it goes: it
 * never holds the body, a tree or a token list, only the stack of open
 * containers. Strings are re-encoded as JSON.stringify would write them
 * (`\u00e9` shows as é, `\/` as /), numbers keep their spelling, duplicate
 * keys stay. The input is checked against JSON's grammar as it is read: the
 * first fault throws a JsonStreamError (what was written before it stands).
 */
export class JsonStreamPrinter {
  private readonly layout: JsonStreamLayout
  private state = VALUE
  /** In VALUE or KEY state: whether a close bracket may come (an empty container). */
  private mayClose = false
  /** One character code per open container. */
  private containers = new Uint8Array(64)
  private depth = 0
  private roots = 0
  private consumed = 0
  // Inside a string.
  private isKey = false
  private stringState = PLAIN
  private hexCount = 0
  private code = 0
  /** A high surrogate from `\uD8xx`, waiting to see whether a low one follows. */
  private high = 0
  // Inside a number or a literal.
  private numberState = N_START
  private literal: Buffer = literals[0x74]![0]
  private literalAt = 0

  constructor(
    private readonly out: OutputBuffer,
    colour: boolean,
    indent = 2,
  ) {
    this.layout = new JsonStreamLayout(out, colour, indent)
  }

  /** Lays out one chunk; throws a JsonStreamError at the first byte that breaks JSON. */
  push(chunk: Uint8Array): void {
    let index = 0
    const length = chunk.length
    while (index < length) {
      switch (this.state) {
        case STRING:
          index = this.string(chunk, index)
          break
        case NUMBER:
          index = this.number(chunk, index)
          break
        case LITERAL:
          index = this.literalBytes(chunk, index)
          break
        default:
          index = this.structure(chunk, index)
      }
    }
    this.consumed += length
  }

  /** The input ended: throws unless it held exactly one complete value. */
  end(): void {
    if (this.state === NUMBER) this.endNumber(this.consumed)
    if (this.state === STRING || this.state === LITERAL || this.depth > 0 || this.roots === 0) {
      throw new JsonStreamError('Unexpected end of JSON input', this.consumed)
    }
    this.layout.finish()
  }

  private fail(what: string, chunkIndex: number): never {
    throw new JsonStreamError(`${what} at byte ${this.consumed + chunkIndex}`, this.consumed + chunkIndex)
  }

  /** Whitespace, brackets, commas, colons, and the first byte of a scalar. */
  private structure(chunk: Uint8Array, start: number): number {
    let index = start
    const length = chunk.length
    while (index < length) {
      const byte = chunk[index]!
      if (isSpace(byte)) {
        index++
        continue
      }
      switch (this.state) {
        case VALUE:
          if (byte === 0x5d && this.mayClose) return this.close(byte, index)
          return this.beginValue(chunk, index)
        case KEY:
          if (byte === QUOTE) {
            this.layout.beginKey()
            return this.beginString(true, index)
          }
          if (byte === 0x7d && this.mayClose) return this.close(byte, index)
          return this.fail(`Expected a property name, not ${describe(byte)},`, index)
        case COLON:
          if (byte !== 0x3a) this.fail(`Expected ':' after a property name, not ${describe(byte)},`, index)
          this.state = VALUE
          this.mayClose = false
          return index + 1
        default: {
          // AFTER a value: a comma or the container's close.
          const container = this.depth === 0 ? 0 : this.containers[this.depth - 1]!
          if (byte === 0x2c && container !== 0) {
            this.state = container === 0x7b ? KEY : VALUE
            this.mayClose = false
            return index + 1
          }
          if (container !== 0 && byte === container + 2) return this.close(byte, index)
          return this.fail(
            container === 0
              ? `Unexpected ${describe(byte)} after the JSON value`
              : `Expected ',' or '${String.fromCharCode(container + 2)}', not ${describe(byte)},`,
            index,
          )
        }
      }
    }
    return index
  }

  private beginValue(chunk: Uint8Array, index: number): number {
    const byte = chunk[index]!
    if (this.depth === 0) this.roots++
    if (byte === 0x7b || byte === 0x5b) {
      this.layout.open(byte)
      if (this.depth === this.containers.length) {
        const grown = new Uint8Array(this.containers.length * 2)
        grown.set(this.containers)
        this.containers = grown
      }
      this.containers[this.depth++] = byte
      this.state = byte === 0x7b ? KEY : VALUE
      this.mayClose = true
      return index + 1
    }
    if (byte === QUOTE) {
      this.layout.beginScalar('string')
      return this.beginString(false, index)
    }
    if (byte === 0x2d || isDigit(byte)) {
      this.layout.beginScalar('number')
      this.state = NUMBER
      this.numberState = N_START
      return index
    }
    const literal = literals[byte]
    if (literal === undefined) return this.fail(`Unexpected ${describe(byte)}`, index)
    this.layout.beginScalar(literal[1])
    this.literal = literal[0]
    this.literalAt = 0
    this.state = LITERAL
    return index
  }

  private close(byte: number, index: number): number {
    this.depth--
    this.layout.close(byte)
    this.state = AFTER
    return index + 1
  }

  private beginString(isKey: boolean, index: number): number {
    this.isKey = isKey
    this.state = STRING
    this.stringState = PLAIN
    this.high = 0
    const out = this.out
    out.room(1)
    out.bytes[out.at++] = QUOTE
    return index + 1
  }

  private string(chunk: Uint8Array, start: number): number {
    let index = start
    const length = chunk.length
    while (index < length) {
      if (this.stringState === PLAIN) {
        let byte = chunk[index]!
        if (this.high !== 0 && byte !== BACKSLASH) {
          this.writeCode(this.high)
          this.high = 0
        }
        // Plain bytes are copied as they are scanned, into the room the output block has.
        const out = this.out
        if (out.bytes.length - out.at < 256) out.flush()
        const bytes = out.bytes
        let at = out.at
        const stop = Math.min(length, index + bytes.length - at)
        while (plainByte[byte] === 1) {
          bytes[at++] = byte
          if (++index === stop) break
          byte = chunk[index]!
        }
        out.at = at
        if (index === length) return index
        if (index === stop) continue
        if (byte >= 0x7f) {
          index = this.maybeUnsafe(chunk, index)
          continue
        }
        if (byte === BACKSLASH) {
          this.stringState = ESCAPE
          index++
          continue
        }
        if (byte !== QUOTE) this.fail('Bad control character in string literal', index)
        this.endString()
        return index + 1
      }
      if (this.stringState === ESCAPE) {
        const byte = chunk[index]!
        index++
        if (byte === 0x75) {
          this.stringState = HEX
          this.hexCount = 0
          this.code = 0
          continue
        }
        const escaped = shortEscapes[byte]
        if (escaped === undefined) this.fail(`Bad escaped character ${describe(byte)}`, index - 1)
        if (this.high !== 0) {
          this.writeCode(this.high)
          this.high = 0
        }
        this.writeCode(escaped)
        this.stringState = PLAIN
        continue
      }
      const digit = hexValue(chunk[index]!)
      if (digit < 0) this.fail('Bad Unicode escape', index)
      index++
      this.code = this.code * 16 + digit
      if (++this.hexCount < 4) continue
      this.stringState = PLAIN
      this.unicodeEscape(this.code)
    }
    return index
  }

  /**
   * A character whose first byte may start one a terminal would obey (DEL,
   * C1 controls, bidi controls, which JSON allows raw): written as a `\u`
   * escape (as escapeControl writes it), else copied.
   */
  private maybeUnsafe(chunk: Uint8Array, index: number): number {
    const byte = chunk[index]!
    const size = byte === 0x7f ? 1 : byte === 0xe2 ? 3 : 2
    const code =
      size === 1
        ? byte
        : size === 2
          ? ((byte & 0x1f) << 6) | (chunk[index + 1]! & 0x3f)
          : ((byte & 0x0f) << 12) | ((chunk[index + 1]! & 0x3f) << 6) | (chunk[index + 2]! & 0x3f)
    if (isUnsafe(code)) this.writeCode(code)
    else this.out.write(chunk, index, index + size)
    return index + size
  }

  /** A `\uHHHH` escape: surrogate pairs joined, lone surrogates kept as escapes (as JSON.stringify). */
  private unicodeEscape(code: number): void {
    if (this.high !== 0) {
      if (code >= 0xdc00 && code <= 0xdfff) {
        this.writeCode(0x10000 + ((this.high - 0xd800) << 10) + (code - 0xdc00))
        this.high = 0
        return
      }
      this.writeCode(this.high)
      this.high = 0
    }
    if (code >= 0xd800 && code <= 0xdbff) this.high = code
    else this.writeCode(code)
  }

  private endString(): void {
    if (this.high !== 0) this.writeCode(this.high)
    this.high = 0
    const out = this.out
    out.room(1)
    out.bytes[out.at++] = QUOTE
    if (this.isKey) {
      this.layout.endKey()
      this.state = COLON
    } else {
      this.layout.endScalar()
      this.state = AFTER
    }
  }

  /** One character of a string as JSON.stringify writes it. */
  private writeCode(code: number): void {
    const out = this.out
    out.room(6)
    const bytes = out.bytes
    let at = out.at
    const short =
      code === 0x22 || code === 0x5c
        ? code
        : code === 8
          ? 0x62
          : code === 12
            ? 0x66
            : code === 10
              ? 0x6e
              : code === 13
                ? 0x72
                : code === 9
                  ? 0x74
                  : 0
    if (short !== 0) {
      bytes[at++] = BACKSLASH
      bytes[at++] = short
    } else if (code < 0x20 || (code >= 0xd800 && code <= 0xdfff) || isUnsafe(code)) {
      bytes[at++] = BACKSLASH
      bytes[at++] = 0x75
      bytes[at++] = hexDigits[code >> 12]!
      bytes[at++] = hexDigits[(code >> 8) & 15]!
      bytes[at++] = hexDigits[(code >> 4) & 15]!
      bytes[at++] = hexDigits[code & 15]!
    } else if (code < 0x80) bytes[at++] = code
    else if (code < 0x800) {
      bytes[at++] = 0xc0 | (code >> 6)
      bytes[at++] = 0x80 | (code & 63)
    } else if (code < 0x10000) {
      bytes[at++] = 0xe0 | (code >> 12)
      bytes[at++] = 0x80 | ((code >> 6) & 63)
      bytes[at++] = 0x80 | (code & 63)
    } else {
      bytes[at++] = 0xf0 | (code >> 18)
      bytes[at++] = 0x80 | ((code >> 12) & 63)
      bytes[at++] = 0x80 | ((code >> 6) & 63)
      bytes[at++] = 0x80 | (code & 63)
    }
    out.at = at
  }

  private number(chunk: Uint8Array, start: number): number {
    let index = start
    const length = chunk.length
    let state = this.numberState
    while (index < length) {
      const byte = chunk[index]!
      const digit = isDigit(byte)
      let next: number
      switch (state) {
        case N_START:
          next = byte === 0x2d ? N_MINUS : byte === 0x30 ? N_ZERO : N_INT
          break
        case N_MINUS:
          if (!digit) this.fail('No number after minus sign', index)
          next = byte === 0x30 ? N_ZERO : N_INT
          break
        case N_ZERO:
          if (digit) this.fail('Unexpected number (a leading zero)', index)
          next = byte === 0x2e ? N_DOT : byte === 0x65 || byte === 0x45 ? N_E : -1
          break
        case N_INT:
          next = digit ? N_INT : byte === 0x2e ? N_DOT : byte === 0x65 || byte === 0x45 ? N_E : -1
          break
        case N_DOT:
          if (!digit) this.fail('Unterminated fractional number', index)
          next = N_FRACTION
          break
        case N_FRACTION:
          next = digit ? N_FRACTION : byte === 0x65 || byte === 0x45 ? N_E : -1
          break
        case N_E:
          if (!digit && byte !== 0x2b && byte !== 0x2d) this.fail('Exponent part is missing a number', index)
          next = digit ? N_EXPONENT : N_EXPONENT_SIGN
          break
        case N_EXPONENT_SIGN:
          if (!digit) this.fail('Exponent part is missing a number', index)
          next = N_EXPONENT
          break
        default:
          next = digit ? N_EXPONENT : -1
      }
      if (next < 0) {
        if (index > start) this.out.write(chunk, start, index)
        this.numberState = state
        this.endNumber(index)
        return index
      }
      state = next
      index++
    }
    if (index > start) this.out.write(chunk, start, index)
    this.numberState = state
    return index
  }

  /** The number ended before `index` (of the chunk, or of the input at its end). */
  private endNumber(index: number): void {
    const state = this.numberState
    if (state !== N_ZERO && state !== N_INT && state !== N_FRACTION && state !== N_EXPONENT) {
      this.fail('Unexpected end of number', index)
    }
    this.layout.endScalar()
    this.state = AFTER
  }

  private literalBytes(chunk: Uint8Array, start: number): number {
    let index = start
    const literal = this.literal
    while (index < chunk.length && this.literalAt < literal.length) {
      if (chunk[index] !== literal[this.literalAt]) this.fail(`Unexpected ${describe(chunk[index]!)}`, index)
      index++
      this.literalAt++
    }
    if (index > start) this.out.write(chunk, start, index)
    if (this.literalAt === literal.length) {
      this.layout.endScalar()
      this.state = AFTER
    }
    return index
  }
}
