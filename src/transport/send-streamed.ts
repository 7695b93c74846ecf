import type { HttpRequest, HttpResponse } from '../core/exchange.js'
import { mapErrors, receive } from './receive.js'
import { callDeadline, readyToSend, transportError } from './send.js'
import type { TransportOptions } from './transport-options.js'

/**
 * send() for a caller that reads long bodies as they arrive: the body is read
 * up to `window` bytes; one that ends by then comes back whole, as send()
 * gives it, and a longer one with its beginning in `body` and the rest in
 * `more`, which must be read to its end (or stopped). The time limit and
 * --max-size cover the whole body; a failure while the rest is read is
 * thrown from `more` as send() would word it.
 */
export async function sendStreamed(
  request: HttpRequest,
  options: TransportOptions,
  window: number,
): Promise<HttpResponse> {
  const call = callDeadline(options)
  let handedOver = false
  try {
    const prepared = await readyToSend(request, options, call.signal)
    const response = await receive(prepared, options, call.signal, call.deadline, window)
    await options.session?.remember(request.url, request.headers)
    if (response.more === undefined) return response
    handedOver = true
    return {
      ...response,
      more: untilEnd(
        mapErrors(response.more, (error) => transportError(error, request, options)),
        call.done,
      ),
    }
  } catch (error) {
    throw transportError(error, request, options)
  } finally {
    if (!handedOver) call.done()
  }
}

/** The chunks, then `done` (the time limit's timer cleared) once they end, fail or are dropped. */
async function* untilEnd(chunks: AsyncIterable<Buffer>, done: () => void) {
  try {
    yield* chunks
  } finally {
    done()
  }
}
