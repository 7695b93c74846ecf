/**
 * Copies `source[start, end)` into `target` at `at` and returns where the
 * copy ends: short runs byte by byte (a subarray costs more than the loop),
 * longer ones with TypedArray.set.
 */
export function copyBytes(
  target: Uint8Array,
  at: number,
  source: Uint8Array,
  start: number,
  end: number,
): number {
  if (end - start < 64) {
    let to = at
    for (let index = start; index < end; index++) target[to++] = source[index]!
    return to
  }
  target.set(source.subarray(start, end), at)
  return at + end - start
}

/** A growable run of bytes: appended to, cut back, read as a view. */
export class ByteList {
  bytes: Buffer
  length = 0

  constructor(capacity = 64 * 1024) {
    this.bytes = Buffer.allocUnsafe(capacity)
  }

  /** Makes room for `count` more bytes. */
  room(count: number): void {
    const needed = this.length + count
    if (needed <= this.bytes.length) return
    const grown = Buffer.allocUnsafe(Math.max(needed, this.bytes.length * 2))
    this.bytes.copy(grown, 0, 0, this.length)
    this.bytes = grown
  }

  push(source: Uint8Array, start = 0, end = source.length): void {
    const count = end - start
    if (count <= 0) return
    this.room(count)
    this.length = copyBytes(this.bytes, this.length, source, start, end)
  }

  pushText(text: string): void {
    this.room(text.length * 3)
    this.length += this.bytes.write(text, this.length, 'utf8')
  }

  view(start = 0, end = this.length): Buffer {
    return this.bytes.subarray(start, end)
  }
}
