import type { HttpResponse } from '../core/exchange.js'

/**
 * Closes a long body a printer will not read: its stream destroyed, then one
 * step of its chunks, so that the transport's `finally` blocks run (the
 * connection released, the time limit's timer cleared). An async generator
 * that never started runs none of them on return(): an HTTP/2 session left
 * open that way kept the process alive to the time limit.
 */
export async function closeUnread(response: HttpResponse & { more: AsyncIterable<Buffer> }): Promise<void> {
  response.drop?.()
  await response.more[Symbol.asyncIterator]()
    .next()
    .catch(() => undefined)
}
