import { setTimeout as sleep } from 'node:timers/promises'
import got, { type OptionsInit, type Progress, type Request, type Response } from 'got'
import { ResponseError } from '../core/errors.js'
import type { HttpRequest, HttpResponse } from '../core/exchange.js'
import { redactUrl } from '../core/redact-url.js'
import { isSecretHeaderName } from '../core/secret-names.js'
import { DEFAULT_MAX_SIZE, formatSize } from '../core/size.js'
import { BodyTooLarge, collectBody, counted, openBody } from './collect-body.js'
import { type Connection, connectionFor, openConnection } from './connection-options.js'
import { silenceError, watchSilence } from './idle-watch.js'
import { multipartBody } from './multipart-body.js'
import { proxyFailure } from './proxy-error.js'
import { responseHeaders } from './response-headers.js'
import { retryDelay } from './retry-policy.js'
import type { TransportOptions } from './transport-options.js'

/**
 * How a caller reads long bodies as they arrive: up to `window` bytes held,
 * the rest handed over; and an answer `live` says is a live stream (by its
 * Content-Type: server-sent events, NDJSON; any with --stream) handed over
 * from its first byte, bounded by silence rather than the call's time limit.
 */
export interface StreamedReading {
  /** Unset: a body that is not live is read whole, as send() reads it. */
  window?: number
  live?(contentType: string | undefined): boolean
}

/** With --follow: at most this many redirects, then a ResponseError (a loop, most likely). */
export const MAX_REDIRECTS = 10

/**
 * One request through got as a stream, retried as --retry says: the body is
 * read as it arrives (decompressed), counted against --max-size and held in
 * memory only up to a window (collectBody). Resolves with the final answer
 * (after any redirects); throws what got/node threw, or a ResponseError for
 * a body over the limit. The observer hears each hop, retry and answer.
 */
export async function receive(
  request: HttpRequest,
  options: TransportOptions,
  signal: AbortSignal,
  deadline: number,
  streamed?: StreamedReading,
): Promise<HttpResponse> {
  const connection = await openConnection(request.url, options)
  let released = true
  try {
    const response = await receiveRetried(request, options, signal, deadline, connection, streamed)
    if (response.more === undefined) return response
    // A body still arriving keeps its connection (an HTTP/2 session) until it is read or dropped.
    released = false
    return {
      ...response,
      more: releasedAfter(response.more, connection),
      drop: () => {
        response.drop?.()
        connection.release()
      },
    }
  } catch (error) {
    // A failure that is the proxy's (unreachable, a refused tunnel) is said as such.
    const proxy = connection.proxy
    const failure =
      proxy && !signal.aborted
        ? proxyFailure(error, proxy, `${request.method} ${redactUrl(request.url)}`)
        : undefined
    throw failure ?? error
  } finally {
    if (released) connection.release()
  }
}

async function* releasedAfter(chunks: AsyncIterable<Buffer>, connection: Connection) {
  try {
    yield* chunks
  } finally {
    connection.release()
  }
}

async function receiveRetried(
  request: HttpRequest,
  options: TransportOptions,
  signal: AbortSignal,
  deadline: number,
  connection: Connection,
  streamed: StreamedReading | undefined,
): Promise<HttpResponse> {
  for (let attempt = 1; ; attempt++) {
    let response: HttpResponse
    try {
      response = await receiveOnce(request, options, signal, connection, streamed)
    } catch (error) {
      const code = (error as { code?: string }).code
      const delay =
        code === undefined || signal.aborted
          ? undefined
          : retryDelay(request.method, attempt, options, { code }, deadline - Date.now())
      if (delay === undefined) throw error
      options.observer?.retrying?.(attempt, code ?? String(error), delay)
      await sleep(delay, undefined, { signal })
      continue
    }
    const delay = retryDelay(request.method, attempt, options, { response }, deadline - Date.now())
    if (delay === undefined) {
      options.observer?.responseReceived?.(response)
      return response
    }
    options.observer?.retrying?.(attempt, `HTTP ${response.status}`, delay)
    // Not read at all: its generators never started, so only destroying the stream closes it.
    response.drop?.()
    await sleep(delay, undefined, { signal })
  }
}

async function receiveOnce(
  request: HttpRequest,
  options: TransportOptions,
  signal: AbortSignal,
  connection: Connection,
  streamed: StreamedReading | undefined,
): Promise<HttpResponse> {
  const stream = got.stream(request.url, {
    ...gotOptions(request, options, signal, connection),
    isStream: true,
  })
  // Without a body the stream is writable: ending it sends the request (as got's promise API does).
  if (request.body === undefined && !request.form?.multipart && stream.writable) stream.end()
  const observer = options.observer
  if (observer?.uploadProgress) {
    stream.on('uploadProgress', (progress: Progress) =>
      observer.uploadProgress?.(progress.transferred, progress.total),
    )
  }
  const answer = await new Promise<Response>((resolve, reject) => {
    stream.once('response', resolve)
    stream.once('error', reject)
  })
  const limit = options.maxSize ?? DEFAULT_MAX_SIZE
  const declared = Number(answer.headers['content-length'])
  try {
    if (answer.headers['content-encoding'] === undefined && declared > limit) {
      throw new BodyTooLarge(limit, declared)
    }
    if (streamed === undefined) return toHttpResponse(answer, await collectBody(stream, limit))
    const tooLargeError = (error: unknown) =>
      error instanceof BodyTooLarge ? tooLarge(error, request, options) : error
    const live = request.method !== 'HEAD' && streamed.live?.(headerText(answer.headers['content-type']))
    if (live === true) {
      // A live stream: handed over at once, each chunk as it comes, counted against --max-size.
      const watch = watchSilence(stream, options.timeoutMs, () =>
        silenceError(
          options.timeoutMs,
          'the stream stopped',
          `${request.method} ${redactUrl(request.url)}`,
          'Raise the idle limit with --timeout SECONDS (a live stream is cut only by silence).',
        ),
      )
      const rest = counted(stream[Symbol.asyncIterator](), 0, limit)
      return {
        ...toHttpResponse(answer, Buffer.alloc(0)),
        live: true,
        more: mapErrors(watched(rest, watch), tooLargeError),
        drop: () => {
          stream.destroy()
          watch.stop()
        },
      }
    }
    if (streamed.window === undefined) return toHttpResponse(answer, await collectBody(stream, limit))
    // A caller that reads long bodies as they arrive: past the window, the rest is handed over.
    const { head, rest } = await openBody(stream, limit, streamed.window)
    const response = toHttpResponse(answer, head)
    if (rest === undefined) return response
    return { ...response, more: mapErrors(rest, tooLargeError), drop: () => stream.destroy() }
  } catch (error) {
    stream.destroy()
    if (error instanceof BodyTooLarge) throw tooLarge(error, request, options)
    throw error
  }
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

/** The chunks, the silence watch stopped once they end, fail or are dropped. */
async function* watched(chunks: AsyncIterable<Buffer>, watch: { stop(): void }) {
  try {
    yield* chunks
  } finally {
    watch.stop()
  }
}

/** The chunks of `chunks`, what they throw turned into what `map` makes of it. */
export async function* mapErrors(chunks: AsyncIterable<Buffer>, map: (error: unknown) => unknown) {
  const iterator = chunks[Symbol.asyncIterator]()
  try {
    for (;;) {
      let next: IteratorResult<Buffer>
      try {
        next = await iterator.next()
      } catch (error) {
        throw map(error)
      }
      if (next.done) return
      yield next.value
    }
  } finally {
    await iterator.return?.()
  }
}

function tooLarge(error: BodyTooLarge, request: HttpRequest, options: TransportOptions): ResponseError {
  const size = formatSize(error.limit)
  const label = options.maxSizeLabel ?? '--max-size'
  return new ResponseError(
    `The answer is larger than ${size} (${label}, counted after decompression); apictl stopped reading it.`,
    {
      where: `${request.method} ${redactUrl(request.url)}`,
      hint:
        options.maxSizeLabel === undefined
          ? 'If a body this large is expected, raise the limit, e.g. --max-size 4GiB.'
          : 'The server sent far more than such a document needs: check the URL, or tell its owner.',
    },
  )
}

/** The origin (scheme, host, port) of a URL, or undefined when it is not one. */
function originOf(url: string | URL): string | undefined {
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}

/** Whether a header may not go to another origin: a credential, an API-key-like name, or one the profile marks secret. */
function isCredential(name: string, marked: readonly string[]): boolean {
  return isSecretHeaderName(name) || marked.some((each) => each.toLowerCase() === name.toLowerCase())
}

/**
 * The headers to send to `to` when `from` sent them: all of them within one
 * origin; without the credential headers (isCredential) across origins —
 * for redirects and next-page links alike, whoever gave the header.
 */
export function headersFor<H extends Record<string, unknown>>(
  headers: H,
  from: string | URL,
  to: string | URL,
  marked: readonly string[] = [],
): H {
  if (originOf(from) === originOf(to)) return headers
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !isCredential(name, marked))) as H
}

/** A redirect to another origin: drop the credential headers from got's next request, in place. */
function dropCredentials(
  next: { url?: string | URL | undefined; headers: Record<string, unknown> },
  from: string,
  marked: readonly string[],
): void {
  if (originOf(from) === originOf(next.url ?? '')) return
  for (const name of Object.keys(next.headers)) {
    if (isCredential(name, marked)) delete next.headers[name]
  }
}

export function gotOptions(
  request: HttpRequest,
  options: TransportOptions,
  signal?: AbortSignal,
  connection: Connection = connectionFor(request.url, options),
): OptionsInit {
  const headers: Record<string, string | string[] | undefined> = {
    'user-agent': undefined,
    ...request.headers,
  }
  const multipart = request.form?.multipart ? multipartBody(request.form) : undefined
  if (multipart) headers['content-length'] = String(multipart.length)
  return {
    method: request.method as OptionsInit['method'],
    headers,
    body: multipart?.body ?? request.body,
    allowGetBody: true,
    throwHttpErrors: false,
    followRedirect: options.followRedirects ?? false,
    maxRedirects: MAX_REDIRECTS,
    https: connection.https,
    agent: connection.agent,
    http2: connection.http2,
    cookieJar: options.session?.cookies ?? options.cookies,
    retry: { limit: 0 },
    signal,
    hooks: {
      beforeRequest: [
        (gotRequestOptions) => {
          // From got's options, not the request: a redirect may have changed the method and body.
          const body = gotRequestOptions.body
          options.observer?.requestSent?.({
            method: gotRequestOptions.method ?? request.method,
            url: String(gotRequestOptions.url ?? request.url),
            headers: plainHeaders(gotRequestOptions.headers),
            body: typeof body === 'string' || Buffer.isBuffer(body) ? body : undefined,
          })
        },
      ],
      beforeRedirect: [
        (next, hop) => {
          // -v shows each hop: this answer here, the next request from beforeRequest.
          options.observer?.responseReceived?.(toHttpResponse(hop as Response, Buffer.alloc(0)))
          dropCredentials(next, (hop as Response).url, options.secretHeaders ?? [])
          // Another host may be one NO_PROXY names, or not.
          if (next.url) next.agent = connectionFor(next.url, options).agent ?? {}
          // As HTTPie and curl -L: a POST redirected by 301/302 goes on as a GET without its
          // body (got turns any method but HEAD into GET on a 303 itself); other methods,
          // and 307/308, keep the method and the body.
          const status = hop.statusCode
          const toGet = (status === 301 || status === 302) && next.method === 'POST'
          if (toGet || (status === 303 && next.method === 'GET')) {
            next.method = 'GET'
            next.body = undefined
            delete next.headers['content-length']
            delete next.headers['content-type']
          }
        },
      ],
    },
  }
}

function plainHeaders(headers: Record<string, unknown>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.map(String) : String(value)
  }
  return out
}

/** got's response head with the body read by collectBody. */
export function toHttpResponse(response: Response | Request['response'], body: Buffer): HttpResponse {
  const answer = response as Response
  const phases = answer.timings.phases
  const start = answer.timings.start
  const at = (time: number | undefined) => (time === undefined ? undefined : time - start)
  return {
    status: answer.statusCode,
    statusText: answer.statusMessage ?? '',
    headers: responseHeaders(answer.headers),
    body,
    url: answer.url,
    httpVersion: answer.httpVersion,
    timings: {
      dns: phases.dns,
      connect: at(answer.timings.connect),
      tls: phases.tls,
      firstByte: at(answer.timings.response),
      total: phases.total ?? Date.now() - start,
    },
  }
}
