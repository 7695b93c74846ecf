import type { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import got, { type Progress, type Response } from 'got'
import { ResponseError } from '../core/errors.js'
import type { HttpRequest, HttpResponse } from '../core/exchange.js'
import { redactUrl } from '../core/redact-url.js'
import { formatSize } from '../core/size.js'
import { type Connection, openConnection } from './connection-options.js'
import { silenceError, watchSilence } from './idle-watch.js'
import { proxyFailure } from './proxy-error.js'
import { gotOptions, toHttpResponse } from './receive.js'
import { readyToSend, transportError } from './send.js'
import type { TransportOptions } from './transport-options.js'

/** What came back: the answer's head (and its body when it was not streamed), and the bytes streamed. */
export interface StreamedAnswer {
  response: HttpResponse
  /** Bytes written to the stream `open` gave; 0 when it gave none. */
  written: number
}

/** The most of an answer held in memory when `open` declines to stream it (an error page, say). */
const HELD = 8 * 1024 * 1024

/**
 * Sends a request whose answer's body goes to a stream (a download): once
 * the head arrives, `open` sees it and gives the stream to write to, or
 * undefined to have the body read into the response instead (bounded).
 * Bytes are written as they arrive, as sent (not decompressed), with
 * backpressure, so memory stays flat whatever the size. --timeout bounds
 * the wait for the head, then the silence between chunks: a long transfer
 * that keeps receiving is not cut.
 */
export async function sendToStream(
  request: HttpRequest,
  options: TransportOptions,
  open: (head: HttpResponse) => Promise<Writable | undefined>,
): Promise<StreamedAnswer> {
  const limit = new AbortController()
  let watch: { stop(): void } | undefined
  /** Why apictl itself stopped the transfer (--max-size, silence): reported as it is, not as got's wrapping of it. */
  let stopped: Error | undefined
  const timer = setTimeout(() => limit.abort(new Error('timed out')), options.timeoutMs)
  const signal = options.signal ? AbortSignal.any([limit.signal, options.signal]) : limit.signal
  let connection: Connection | undefined
  try {
    const prepared = await readyToSend(request, options, signal)
    connection = await openConnection(prepared.url, options)
    const stream = got.stream(prepared.url, {
      ...gotOptions(prepared, options, signal, connection),
      decompress: false,
      // A stream cannot be replayed; a cut download resumes with --continue instead.
      retry: { limit: 0 },
      isStream: true,
    })
    if (prepared.body === undefined && !prepared.form?.multipart && stream.writable) stream.end()
    const head = await new Promise<Response>((resolve, reject) => {
      stream.once('response', resolve)
      stream.once('error', reject)
    })
    const response = toHttpResponse(head, Buffer.alloc(0))
    options.observer?.responseReceived?.(response)
    await options.session?.remember(request.url, request.headers)
    const sink = await open(response)
    // From here the limit is on silence: a long transfer that keeps receiving is not cut.
    clearTimeout(timer)
    watch = watchSilence(stream, options.timeoutMs, () => {
      stopped = silenceError(
        options.timeoutMs,
        'the transfer stopped',
        `${request.method} ${redactUrl(request.url)}`,
        'Raise the limit with --timeout SECONDS; resume a download with --continue.',
      )
      return stopped
    })
    if (sink === undefined) {
      response.body = await held(stream)
      return { response, written: 0 }
    }
    let written = 0
    stream.on('downloadProgress', (progress: Progress) => {
      written = progress.transferred
      // --max-size bounds a download only when given: the body goes to disk, not to memory.
      if (options.maxSize !== undefined && written > options.maxSize) {
        stopped = tooLarge(options.maxSize, request)
        stream.destroy(stopped)
      }
      options.observer?.downloadProgress?.(progress.transferred, progress.total)
    })
    await pipeline(stream, sink)
    return { response, written }
  } catch (error) {
    if (stopped !== undefined) throw stopped
    const proxy = connection?.proxy
    const failure =
      proxy && !signal.aborted
        ? proxyFailure(error, proxy, `${request.method} ${redactUrl(request.url)}`)
        : undefined
    throw failure ?? transportError(error, request, options)
  } finally {
    clearTimeout(timer)
    watch?.stop()
    connection?.release()
  }
}

function tooLarge(limit: number, request: HttpRequest): ResponseError {
  return new ResponseError(`The download passed ${formatSize(limit)} (--max-size); apictl stopped it.`, {
    where: `${request.method} ${redactUrl(request.url)}`,
    hint: 'Raise the limit, e.g. --max-size 4GiB, or leave --max-size out: a download goes to disk.',
  })
}

async function held(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream) {
    size += chunk.length
    if (size > HELD) break
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}
