import { setTimeout as sleep } from 'node:timers/promises'
import got, { type Response } from 'got'
import type { HttpRequest, HttpResponse } from '../core/exchange.js'
import { gotOptions, toHttpResponse, transportError, withOAuth2 } from './send.js'
import { IDEMPOTENT_METHODS, RETRY_STATUS_CODES, type TransportOptions } from './transport-options.js'

const RETRY_DELAY_MS = 150

type Chunks = AsyncIterator<Buffer>

/**
 * send() for a caller that reads big bodies as they arrive: the body is read
 * up to `window` bytes; a body that ends by then comes back
 * whole, as send() gives it, and a longer one comes back with its beginning
 * in `body` and the rest in `more`, which must be read (or stopped). The
 * time limit covers the whole call, the body's end included; a failure while
 * the rest is read is thrown from `more` as the error send() would throw.
 */
export async function sendStreamed(
  request: HttpRequest,
  options: TransportOptions,
  window: number,
): Promise<HttpResponse> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(new Error('timed out')), options.timeoutMs)
  const signal = options.signal ? AbortSignal.any([controller.signal, options.signal]) : controller.signal
  let handedOver = false
  try {
    const prepared = await withOAuth2(request, { ...options, signal })
    const { response, chunks } = await openWithRetries(prepared, options, signal)
    const held: Buffer[] = []
    let size = 0
    while (size <= window) {
      const next = await chunks.next()
      if (next.done) return answered(response, Buffer.concat(held, size), options)
      held.push(next.value)
      size += next.value.length
    }
    handedOver = true
    const more = rest(
      chunks,
      (error) => transportError(error, request, options),
      () => clearTimeout(timer),
    )
    return answered(response, Buffer.concat(held, size), options, more)
  } catch (error) {
    throw transportError(error, request, options)
  } finally {
    if (!handedOver) clearTimeout(timer)
  }
}

function answered(response: Response, body: Buffer, options: TransportOptions, more?: AsyncIterable<Buffer>) {
  const answer = { ...toHttpResponse(response, body), ...(more ? { more } : {}) }
  options.observer?.responseReceived?.(answer)
  return answer
}

/** The rest of a body: each chunk as it arrives; errors as send() words them; `done` once it ends or is dropped. */
async function* rest(chunks: Chunks, wordError: (error: unknown) => unknown, done: () => void) {
  try {
    for (;;) {
      let next: IteratorResult<Buffer>
      try {
        next = await chunks.next()
      } catch (error) {
        throw wordError(error)
      }
      if (next.done) return
      yield next.value
    }
  } finally {
    done()
    await chunks.return?.()
  }
}

/** The answer's head and its body's chunks; network errors and 502/503/504 retried as --retry says (idempotent methods). */
async function openWithRetries(request: HttpRequest, options: TransportOptions, signal: AbortSignal) {
  const idempotent = (IDEMPOTENT_METHODS as readonly string[]).includes(request.method.toUpperCase())
  for (let attempt = 1; ; attempt++) {
    const retry = idempotent && attempt <= options.retry
    let opened: { response: Response; chunks: Chunks }
    try {
      opened = await open(request, options, signal)
    } catch (error) {
      if (!retry || signal.aborted) throw error
      await pause(attempt, (error as { code?: string }).code ?? String(error), options, signal)
      continue
    }
    if (!retry || !RETRY_STATUS_CODES.includes(opened.response.statusCode)) return opened
    await opened.chunks.return?.()
    await pause(attempt, `HTTP ${opened.response.statusCode}`, options, signal)
  }
}

async function pause(attempt: number, reason: string, options: TransportOptions, signal: AbortSignal) {
  const delay = Math.min(2000, RETRY_DELAY_MS * 2 ** (attempt - 1))
  options.observer?.retrying?.(attempt, reason, delay)
  await sleep(delay, undefined, { signal })
}

async function open(request: HttpRequest, options: TransportOptions, signal: AbortSignal) {
  const stream = got.stream(request.url, {
    ...gotOptions(request, options, signal),
    responseType: undefined,
    retry: { limit: 0 },
    isStream: true,
  })
  // Without a body the stream is writable: ending it sends the request (as got's promise API does).
  if (request.body === undefined && stream.writable) stream.end()
  const response = await new Promise<Response>((resolve, reject) => {
    stream.once('response', resolve)
    stream.once('error', reject)
  })
  return { response, chunks: stream[Symbol.asyncIterator]() as Chunks }
}
