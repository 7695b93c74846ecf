import type { HttpRequest, HttpResponse } from '../core/exchange.js'
import { mapErrors, receive, type StreamedReading } from './receive.js'
import { callDeadline, readyToSend, transportError } from './send.js'
import type { TransportOptions } from './transport-options.js'

/**
 * send() for a caller that reads long bodies as they arrive: the body is read
 * up to `reading.window` bytes; one that ends by then comes back whole, as send()
 * gives it, and a longer one with its beginning in `body` and the rest in
 * `more`, which must be read to its end (or stopped). The time limit and
 * --max-size cover the whole body; a failure while the rest is read is
 * thrown from `more` as send() would word it. A live stream (`reading.live`)
 * comes back at its head with all of its body in `more`: from then on the
 * time limit is on silence between chunks (the transport's idle watch), so a
 * stream that keeps talking is never cut.
 */
export async function sendStreamed(
  request: HttpRequest,
  options: TransportOptions,
  reading: StreamedReading,
): Promise<HttpResponse> {
  const call = callDeadline(options)
  let handedOver = false
  try {
    const prepared = await readyToSend(request, options, call.signal)
    const response = await receive(prepared, options, call.signal, call.deadline, reading)
    await options.session?.remember(request.url, request.headers)
    if (response.more === undefined) return response
    handedOver = true
    // The whole-call limit ends with the head: silence is watched from here.
    if (response.live) call.done()
    return {
      ...response,
      more: untilEnd(
        mapErrors(response.more, (error) => transportError(error, request, options)),
        call.done,
      ),
      drop: () => {
        response.drop?.()
        call.done()
      },
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
