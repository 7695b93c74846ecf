import { type GraphQLResponseError, isRecord, toResponseError } from './decode-graphql-response.js'

/** A long GraphQL answer that is not (or stops being) a GraphQL response object: why, and at which byte. */
export class GraphQLAnswerError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message)
    this.name = 'GraphQLAnswerError'
  }
}

/** What the answer held besides `data`, once it has ended. */
export interface GraphQLAnswerTail {
  /** The answer has a `data` member (possibly null). */
  hasData: boolean
  /** `data` was `null` (nothing was handed to `onData`). */
  dataIsNull: boolean
  errors: GraphQLResponseError[]
  extensions?: Record<string, unknown>
}

/** `errors` and `extensions` are held until they end, up to this many bytes each. */
export const MAX_HELD_MEMBER = 64 * 1024 * 1024

// What the next byte at the top level may be.
const START = 0
const KEY_OR_CLOSE = 1
const KEY = 2
const COLON = 3
const VALUE = 4
const AFTER = 5
const DONE = 6
/** Inside a member's value (or a key): only strings and brackets matter until it ends. */
const INSIDE = 7

// Where a member's bytes go.
const SKIP = 0
const DATA = 1
const HOLD = 2

const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09
const keyText = new TextDecoder()

/**
 * Reads a GraphQL response object a chunk at a time, holding none of its
 * `data`: the bytes of `data`'s value go to `onData` as they arrive (views
 * of the chunk, to be used at once), `errors` and `extensions` are held and
 * parsed when they end, any other member is skipped. The object's own
 * structure is checked as it goes (the grammar inside `data` is the
 * printer's to check): a fault throws a GraphQLAnswerError.
 */
export class GraphQLAnswerReader {
  private state = START
  private consumed = 0
  // The member being read.
  private key: number[] = []
  private keyMode = false
  private route = SKIP
  private depth = 0
  private inString = false
  private escape = false
  private bare = false
  private held: Buffer[] = []
  private heldBytes = 0
  private readonly members = new Map<string, unknown>()
  private dataSeen = false
  private dataIsNull = false

  constructor(private readonly onData: (bytes: Uint8Array) => void = () => {}) {}

  push(chunk: Uint8Array): void {
    const length = chunk.length
    let index = 0
    while (index < length) {
      if (this.state === INSIDE) {
        index = this.inside(chunk, index)
        continue
      }
      const byte = chunk[index]!
      if (isSpace(byte) || (this.state === START && this.consumed + index < 3 && isBom(byte))) {
        index++
        continue
      }
      this.structure(byte, index)
      if (this.state === INSIDE) continue
      index++
    }
    this.consumed += length
  }

  /** The answer ended: what it held besides `data`; throws unless it was one complete object. */
  end(): GraphQLAnswerTail {
    if (this.state === INSIDE && this.bare && this.depth === 0) this.endValue()
    if (this.state !== DONE) {
      const what = this.state === START ? 'an empty body' : 'a GraphQL response that breaks off'
      throw new GraphQLAnswerError(`The answer is ${what} (at byte ${this.consumed})`, this.consumed)
    }
    if (!this.dataSeen && !this.members.has('errors')) {
      throw new GraphQLAnswerError('The answer has neither data nor errors', this.consumed)
    }
    const errors = this.members.get('errors')
    const extensions = this.members.get('extensions')
    const tail: GraphQLAnswerTail = {
      hasData: this.dataSeen,
      dataIsNull: this.dataIsNull,
      errors: (Array.isArray(errors) ? errors : []).map(toResponseError),
    }
    if (isRecord(extensions)) tail.extensions = extensions
    return tail
  }

  private fail(what: string, index: number): never {
    const at = this.consumed + index
    throw new GraphQLAnswerError(`${what} at byte ${at}`, at)
  }

  /** A byte of the response object itself, outside any member's value. */
  private structure(byte: number, index: number): void {
    switch (this.state) {
      case START:
        if (byte !== 0x7b) this.fail('Expected a JSON object (a GraphQL response)', index)
        this.state = KEY_OR_CLOSE
        return
      case KEY_OR_CLOSE:
      case KEY:
        if (byte === 0x7d && this.state === KEY_OR_CLOSE) this.state = DONE
        else if (byte !== 0x22) this.fail('Expected a property name', index)
        else this.begin(SKIP, byte, true)
        return
      case COLON:
        if (byte !== 0x3a) this.fail("Expected ':' after a property name", index)
        this.state = VALUE
        return
      case VALUE:
        this.value(byte, index)
        return
      case AFTER:
        if (byte === 0x2c) this.state = KEY
        else if (byte === 0x7d) this.state = DONE
        else this.fail("Expected ',' or '}'", index)
        return
      default:
        this.fail('Unexpected data after the response object', index)
    }
  }

  /** The first byte of a member's value: where its bytes go, by the member's name. */
  private value(byte: number, index: number): void {
    const name = this.keyName()
    if (name === 'data' && !this.dataSeen) {
      this.dataSeen = true
      if (byte === 0x6e) {
        // null: nothing to print, and whether to print `null` depends on errors still to come.
        this.dataIsNull = true
        this.begin(SKIP, byte, false)
        return
      }
      if (byte !== 0x7b) this.fail('Expected data to be an object or null', index)
      this.begin(DATA, byte, false)
      return
    }
    if (name === 'errors' && byte !== 0x5b && byte !== 0x6e) this.fail('Expected errors to be a list', index)
    this.begin(name === 'errors' || name === 'extensions' ? HOLD : SKIP, byte, false)
  }

  private begin(route: number, byte: number, isKey: boolean): void {
    this.state = INSIDE
    this.route = isKey ? SKIP : route
    this.key = isKey ? [] : this.key
    this.keyMode = isKey
    this.inString = false
    this.escape = false
    this.depth = 0
    this.bare = byte !== 0x22 && byte !== 0x7b && byte !== 0x5b
    this.held = []
    this.heldBytes = 0
  }

  /** Bytes of a value (or key) from `start`: returns where it ends in the chunk (the byte after it), or the chunk's end. */
  private inside(chunk: Uint8Array, start: number): number {
    const length = chunk.length
    let index = start
    let ended = false
    if (this.bare) {
      while (index < length) {
        const byte = chunk[index]!
        if (byte === 0x2c || byte === 0x7d || byte === 0x5d || isSpace(byte)) {
          ended = true
          break
        }
        index++
      }
    } else {
      let depth = this.depth
      let inString = this.inString
      let escaped = this.escape
      while (index < length) {
        const byte = chunk[index++]!
        if (inString) {
          if (escaped) escaped = false
          else if (byte === 0x5c) escaped = true
          else if (byte === 0x22) {
            inString = false
            if (depth === 0) {
              ended = true
              break
            }
          }
        } else if (byte === 0x22) {
          inString = true
          // The opening quote of a string value or key.
        } else if (byte === 0x7b || byte === 0x5b) depth++
        else if (byte === 0x7d || byte === 0x5d) {
          depth--
          if (depth === 0) {
            ended = true
            break
          }
        }
      }
      this.depth = depth
      this.inString = inString
      this.escape = escaped
    }
    this.take(chunk, start, index)
    if (ended) this.endValue()
    return index
  }

  /** The value's bytes in `chunk[start, end)`: handed on, held or skipped. */
  private take(chunk: Uint8Array, start: number, end: number): void {
    if (end <= start) return
    if (this.keyMode) {
      if (this.key.length < 1024)
        for (let at = start; at < end && this.key.length < 1024; at++) this.key.push(chunk[at]!)
      return
    }
    if (this.route === DATA) this.onData(chunk.subarray(start, end))
    else if (this.route === HOLD) {
      this.heldBytes += end - start
      if (this.heldBytes > MAX_HELD_MEMBER) {
        this.fail(`The answer's ${this.keyName()} is over ${MAX_HELD_MEMBER / 1024 / 1024} MiB`, start)
      }
      this.held.push(Buffer.from(chunk.subarray(start, end)))
    }
  }

  private endValue(): void {
    if (this.keyMode) {
      this.keyMode = false
      this.state = COLON
      return
    }
    if (this.route === HOLD) {
      const name = this.keyName()
      const text = Buffer.concat(this.held).toString('utf8')
      this.held = []
      try {
        this.members.set(name, JSON.parse(text))
      } catch (error) {
        this.fail(`The answer's ${name} is not valid JSON (${(error as Error).message})`, 0)
      }
    }
    this.state = AFTER
  }

  /** The member's name as JSON reads it (escapes and all). */
  private keyName(): string {
    const text = keyText.decode(Uint8Array.from(this.key))
    try {
      return JSON.parse(text) as string
    } catch {
      return text
    }
  }
}

const isBom = (byte: number) => byte === 0xef || byte === 0xbb || byte === 0xbf
