import { copyBytes } from './byte-list.js'

/** Output bytes are gathered in blocks of this size and handed on whole. */
const BLOCK = 128 * 1024

/**
 * Bytes gathered into fixed blocks and handed to `emit` block by block (a
 * fresh block each time, so the receiver may keep the one it got). Writers
 * call `room(n)` before writing n bytes straight into `bytes` at `at`.
 */
export class OutputBuffer {
  bytes: Buffer = Buffer.allocUnsafe(BLOCK)
  at = 0

  constructor(private readonly emit: (chunk: Buffer) => void) {}

  /** Makes room for `count` more bytes (a block of its own when larger than one). */
  room(count: number): void {
    if (this.at + count <= this.bytes.length) return
    this.flush()
    if (count > this.bytes.length) this.bytes = Buffer.allocUnsafe(count)
  }

  write(source: Uint8Array, start = 0, end = source.length): void {
    const count = end - start
    if (count <= 0) return
    if (count > BLOCK) {
      this.flush()
      this.emit(Buffer.from(source.subarray(start, end)))
      return
    }
    this.room(count)
    this.at = copyBytes(this.bytes, this.at, source, start, end)
  }

  writeText(text: string): void {
    this.room(text.length * 3)
    this.at += this.bytes.write(text, this.at, 'utf8')
  }

  /** Hands on what is gathered (if anything) and starts a new block. */
  flush(): void {
    if (this.at === 0) return
    const full = this.bytes.subarray(0, this.at)
    this.bytes = Buffer.allocUnsafe(BLOCK)
    this.at = 0
    this.emit(full)
  }
}
