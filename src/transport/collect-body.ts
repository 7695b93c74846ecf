import { type FileHandle, mkdtemp, open, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * A body up to this size is held in memory as it arrives; past it, the body
 * goes to a temporary file until it is complete (and within --max-size), so
 * an endless body or a compression bomb costs disk for a moment, not memory.
 */
export const MEMORY_WINDOW = 32 * 1024 * 1024

/** The body passed the limit: reading stopped there. */
export class BodyTooLarge extends Error {
  constructor(
    readonly limit: number,
    readonly received: number,
  ) {
    super(`the body is larger than ${limit} bytes`)
    this.name = 'BodyTooLarge'
  }
}

/** Writes to the temporary file go in batches of this size: one system call per MiB, not per 16 KiB chunk. */
const WRITE_BATCH = 1024 * 1024

/** A temporary file (0600, in a 0700 folder, unlinked once open where the system allows) holding a body. */
class Spool {
  #written = 0
  #pending: Buffer[] = []
  #pendingBytes = 0

  private constructor(
    private readonly handle: FileHandle,
    private readonly folder: string,
  ) {}

  static async open(): Promise<Spool> {
    const folder = await mkdtemp(join(tmpdir(), 'apictl-body-'))
    const handle = await open(join(folder, 'body'), 'w+', 0o600)
    // Gone from the file system at once (POSIX): nothing is left behind, even if apictl is killed.
    await rm(folder, { recursive: true, force: true }).catch(() => undefined)
    return new Spool(handle, folder)
  }

  async write(chunk: Buffer): Promise<void> {
    this.#pending.push(chunk)
    this.#pendingBytes += chunk.length
    if (this.#pendingBytes >= WRITE_BATCH) await this.#flush()
  }

  async #flush(): Promise<void> {
    const batch = Buffer.concat(this.#pending, this.#pendingBytes)
    this.#pending = []
    this.#pendingBytes = 0
    let offset = 0
    while (offset < batch.length) {
      const { bytesWritten } = await this.handle.write(batch, offset, batch.length - offset, this.#written)
      offset += bytesWritten
      this.#written += bytesWritten
    }
  }

  async readAll(): Promise<Buffer> {
    await this.#flush()
    const body = Buffer.allocUnsafe(this.#written)
    let offset = 0
    while (offset < body.length) {
      const { bytesRead } = await this.handle.read(body, offset, body.length - offset, offset)
      if (bytesRead === 0) throw new Error('the temporary body file ended early')
      offset += bytesRead
    }
    return body
  }

  async close(): Promise<void> {
    await this.handle.close().catch(() => undefined)
    await rm(this.folder, { recursive: true, force: true }).catch(() => undefined)
  }
}

/**
 * Reads a (decompressed) body to the end, counting as it arrives: past
 * `maxSize` bytes it stops at once with BodyTooLarge (the caller's `for
 * await` ends, which destroys the stream and its connection). Memory holds
 * at most MEMORY_WINDOW of it while it arrives; the result is one Buffer.
 */
export async function collectBody(chunks: AsyncIterable<Buffer>, maxSize: number): Promise<Buffer> {
  const held: Buffer[] = []
  let heldBytes = 0
  let total = 0
  let spool: Spool | undefined
  try {
    for await (const chunk of chunks) {
      total += chunk.length
      if (total > maxSize) throw new BodyTooLarge(maxSize, total)
      if (spool !== undefined) {
        await spool.write(chunk)
        continue
      }
      held.push(chunk)
      heldBytes += chunk.length
      if (heldBytes > MEMORY_WINDOW) {
        spool = await Spool.open()
        for (const each of held.splice(0)) await spool.write(each)
      }
    }
    return spool === undefined ? Buffer.concat(held, heldBytes) : await spool.readAll()
  } finally {
    await spool?.close()
  }
}

/** A body read up to a window: its beginning, and (when it goes on) the rest as it arrives. */
export interface OpenedBody {
  head: Buffer
  rest?: AsyncIterable<Buffer>
}

/**
 * Reads a body up to `window` bytes: a body that ends by then comes back
 * whole (`head`); a longer one comes back with its beginning and the rest,
 * which goes on counting against `maxSize` (BodyTooLarge past it) as the
 * caller reads it. Nothing past the window is held.
 */
export async function openBody(
  chunks: AsyncIterable<Buffer>,
  maxSize: number,
  window: number,
): Promise<OpenedBody> {
  const iterator = chunks[Symbol.asyncIterator]()
  const held: Buffer[] = []
  let total = 0
  while (total <= window) {
    const next = await iterator.next()
    if (next.done) return { head: Buffer.concat(held, total) }
    total += next.value.length
    if (total > maxSize) throw new BodyTooLarge(maxSize, total)
    held.push(next.value)
  }
  return { head: Buffer.concat(held, total), rest: counted(iterator, total, maxSize) }
}

/** The chunks, counted from `start` bytes: past `maxSize`, BodyTooLarge. */
export async function* counted(iterator: AsyncIterator<Buffer>, start: number, maxSize: number) {
  let total = start
  try {
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      total += next.value.length
      if (total > maxSize) throw new BodyTooLarge(maxSize, total)
      yield next.value
    }
  } finally {
    await iterator.return?.()
  }
}
