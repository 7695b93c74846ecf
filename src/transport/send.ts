import { CancelledError, isApictlError } from '../core/errors.js'
import type { HttpRequest, HttpResponse } from '../core/exchange.js'
import { headerValue, withHeader } from '../core/exchange.js'
import { redactUrl } from '../core/redact-url.js'
import { withSessionHeaders } from './http-session.js'
import { toNetworkError } from './network-error.js'
import { fetchOAuth2Token } from './oauth2-token.js'
import { receive } from './receive.js'
import type { TransportOptions } from './transport-options.js'

export { MAX_REDIRECTS } from './receive.js'

/** The time limit as a signal (the caller's own signal joined in) and as a time, for one call. */
export function callDeadline(options: TransportOptions): {
  signal: AbortSignal
  deadline: number
  done(): void
} {
  const controller = new AbortController()
  const deadline = Math.min(Date.now() + options.timeoutMs, options.deadline ?? Number.POSITIVE_INFINITY)
  const timer = setTimeout(() => controller.abort(new Error('timed out')), Math.max(0, deadline - Date.now()))
  // Never what keeps the process alive by itself (a body handed over and then dropped unread).
  timer.unref()
  const signal = options.signal ? AbortSignal.any([controller.signal, options.signal]) : controller.signal
  return { signal, deadline, done: () => clearTimeout(timer) }
}

/**
 * The one transport: every style's request goes through here. It returns the
 * response whatever its status (the caller decides the exit code) and throws
 * a NetworkError/ResponseError when no usable HTTP answer arrived, or when
 * the body passes --max-size.
 */
export async function send(request: HttpRequest, options: TransportOptions): Promise<HttpResponse> {
  const call = callDeadline(options)
  try {
    const prepared = await readyToSend(request, options, call.signal)
    const response = await receive(prepared, options, call.signal, call.deadline)
    await options.session?.remember(request.url, request.headers)
    return response
  } catch (error) {
    throw transportError(error, request, options)
  } finally {
    call.done()
  }
}

/** What a failed call throws: apictl's own errors as they are, a cancel as such, the rest as a NetworkError. */
export function transportError(error: unknown, request: HttpRequest, options: TransportOptions): unknown {
  if (isApictlError(error)) return error
  // got wraps what a stream was destroyed with (the idle watch's error, say) in its RequestError.
  const cause = (error as { cause?: unknown } | undefined)?.cause
  if (isApictlError(cause)) return cause
  if (options.signal?.aborted) return new CancelledError(`${request.method} ${redactUrl(request.url)}`)
  return toNetworkError(error, request.method, request.url, options.timeoutMs)
}

/** The request as it goes out: the named session's headers for its host added, an OAuth 2.0 token fetched. */
export async function readyToSend(
  request: HttpRequest,
  options: TransportOptions,
  signal: AbortSignal,
): Promise<HttpRequest> {
  const kept = options.session?.headersFor(request.url)
  const sent = kept ? { ...request, headers: withSessionHeaders(request.headers, kept) } : request
  return withOAuth2(sent, { ...options, signal })
}

export async function withOAuth2(request: HttpRequest, options: TransportOptions): Promise<HttpRequest> {
  if (!request.oauth2 || headerValue(request.headers, 'authorization')) return request
  const token = await fetchOAuth2Token(request.oauth2, options)
  return { ...request, headers: withHeader(request.headers, 'Authorization', `Bearer ${token}`) }
}
