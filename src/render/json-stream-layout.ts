import type { OutputBuffer } from './output-buffer.js'

/** Deeper than this, containers print on one line so output stays linear in the input. */
export const maxIndentedDepth = 200

export type ScalarType = 'string' | 'number' | 'boolean' | 'null'

const sgrCodes: Record<ScalarType | 'key' | 'punctuation', string> = {
  key: '34',
  string: '32',
  number: '36',
  boolean: '33',
  null: '35',
  punctuation: '2',
}

const bytes = (text: string) => Buffer.from(text, 'utf8')

/** Byte strings for one colour setting: scalar starts, the reset, punctuation. */
function paints(colour: boolean, indent: number) {
  const start = (code: string) => bytes(colour ? `\u001b[${code}m` : '')
  const punctuation = (text: string) =>
    bytes(colour ? `\u001b[${sgrCodes.punctuation}m${text}\u001b[0m` : text)
  return {
    start: {
      key: start(sgrCodes.key),
      string: start(sgrCodes.string),
      number: start(sgrCodes.number),
      boolean: start(sgrCodes.boolean),
      null: start(sgrCodes.null),
    },
    reset: bytes(colour ? '\u001b[0m' : ''),
    comma: punctuation(','),
    colon: punctuation(':'),
    /** A key's end: the reset, the colon and, when laid out, a space. */
    keyEnd: [bytes(colour ? '\u001b[0m' : ''), punctuation(':'), bytes(indent > 0 ? ' ' : '')].reduce(
      (all, part) => Buffer.concat([all, part]),
      Buffer.alloc(0),
    ),
    brackets: Object.fromEntries(['{', '}', '[', ']', '{}', '[]'].map((text) => [text, punctuation(text)])),
    lineBreak: bytes(`\n${' '.repeat(indent * maxIndentedDepth)}`),
  }
}

const OPEN_OBJECT = 0x7b
const OPEN_ARRAY = 0x5b

/**
 * Lays JSON out as it arrives, one event at a time, like
 * JSON.stringify(value, null, indent) (containers deeper than
 * maxIndentedDepth on one line, `{}` and `[]` when empty) and coloured as the
 * theme colours JSON: between `beginScalar`/`beginKey` and the matching end
 * the caller writes the token's own bytes into `out`.
 */
export class JsonStreamLayout {
  private readonly paint: ReturnType<typeof paints>
  /** One byte per open container: 1 until its first item is written. */
  private first = new Uint8Array(64)
  private depth = 0
  private afterKey = false
  /** An open bracket not written yet: written with the next token, or as `{}`/`[]` with its close. */
  private pendingOpen = 0

  constructor(
    readonly out: OutputBuffer,
    colour: boolean,
    private readonly indent = 2,
  ) {
    this.paint = paints(colour, indent)
  }

  private broken(depth: number): boolean {
    return this.indent > 0 && depth <= maxIndentedDepth
  }

  private lineBreak(depth: number): void {
    this.out.write(this.paint.lineBreak, 0, 1 + this.indent * depth)
  }

  /** The comma and line break before an item at `depth` (cached per depth: one write per item). */
  private separators: Buffer[] = []

  private separator(depth: number): Buffer {
    let separator = this.separators[depth]
    if (separator === undefined) {
      const lineBreak = this.broken(depth)
        ? this.paint.lineBreak.subarray(0, 1 + this.indent * depth)
        : Buffer.alloc(0)
      separator = Buffer.concat([this.paint.comma, lineBreak])
      this.separators[depth] = separator
    }
    return separator
  }

  /** Writes a pending open bracket, then the comma and line break an item needs. */
  private beforeItem(): void {
    if (this.pendingOpen !== 0) {
      this.out.write(this.paint.brackets[this.pendingOpen === OPEN_OBJECT ? '{' : '[']!)
      this.pendingOpen = 0
      if (this.depth === this.first.length) {
        const grown = new Uint8Array(this.first.length * 2)
        grown.set(this.first)
        this.first = grown
      }
      this.first[this.depth++] = 1
    }
    if (this.afterKey) {
      this.afterKey = false
      return
    }
    const depth = this.depth
    if (depth === 0) return
    if (this.first[depth - 1] === 0) {
      this.out.write(this.separator(depth))
      return
    }
    this.first[depth - 1] = 0
    if (this.broken(depth)) this.lineBreak(depth)
  }

  /** `{` or `[` (as its character code). */
  open(char: number): void {
    this.beforeItem()
    this.pendingOpen = char
  }

  /** `}` or `]`: the caller has checked it matches. */
  close(char: number): void {
    if (this.pendingOpen !== 0) {
      this.out.write(this.paint.brackets[this.pendingOpen === OPEN_OBJECT ? '{}' : '[]']!)
      this.pendingOpen = 0
      return
    }
    const itemDepth = this.depth--
    if (this.broken(itemDepth)) this.lineBreak(itemDepth - 1)
    this.out.write(this.paint.brackets[char === OPEN_ARRAY + 2 ? ']' : '}']!)
  }

  beginKey(): void {
    this.beforeItem()
    this.out.write(this.paint.start.key)
  }

  endKey(): void {
    const keyEnd = this.paint.keyEnd
    this.out.write(
      keyEnd,
      0,
      this.broken(this.depth) ? keyEnd.length : keyEnd.length - (this.indent > 0 ? 1 : 0),
    )
    this.afterKey = true
  }

  beginScalar(type: ScalarType): void {
    this.beforeItem()
    this.out.write(this.paint.start[type])
  }

  endScalar(): void {
    this.out.write(this.paint.reset)
  }

  /** At the end of the input: an open bracket still pending (only for input cut short). */
  finish(): void {
    if (this.pendingOpen !== 0)
      this.out.write(this.paint.brackets[this.pendingOpen === OPEN_OBJECT ? '{' : '[']!)
    this.pendingOpen = 0
  }
}
