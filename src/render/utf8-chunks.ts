import { isUtf8 } from 'node:buffer'

/** How many bytes at the end of `bytes` start a UTF-8 sequence the next chunk may complete. */
function incompleteTail(bytes: Uint8Array): number {
  const end = bytes.length
  for (let back = 1; back <= 3 && back <= end; back++) {
    const byte = bytes[end - back]!
    if ((byte & 0xc0) === 0x80) continue
    const needed = byte >= 0xf5 ? 1 : byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc2 ? 2 : 1
    return needed > back ? back : 0
  }
  return 0
}

/**
 * Chunks of a body made valid UTF-8 the way `Buffer.toString('utf8')` reads
 * the whole body (each invalid sequence becomes U+FFFD), without decoding
 * valid chunks: a sequence cut between two chunks is held back and joined to
 * the next one.
 */
export class Utf8Chunks {
  #held: Buffer | undefined

  /** The valid UTF-8 part of `held + chunk`, holding back an incomplete sequence at its end. */
  next(chunk: Buffer): Buffer {
    const joined = this.#held === undefined ? chunk : Buffer.concat([this.#held, chunk])
    const tail = incompleteTail(joined)
    this.#held = tail === 0 ? undefined : Buffer.from(joined.subarray(joined.length - tail))
    const whole = tail === 0 ? joined : joined.subarray(0, joined.length - tail)
    return isUtf8(whole) ? whole : Buffer.from(whole.toString('utf8'), 'utf8')
  }

  /** What is still held at the end of the body (an incomplete sequence, as U+FFFD). */
  end(): Buffer {
    const held = this.#held
    this.#held = undefined
    return held === undefined ? Buffer.alloc(0) : Buffer.from(held.toString('utf8'), 'utf8')
  }
}
