import { CancelledError, isApictlError } from '../core/errors.js'
import type { HttpRequest, HttpResponse } from '../core/exchange.js'
import { headerValue, withHeader } from '../core/exchange.js'
import { redactUrl } from '../core/redact-url.js'
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
    const prepared = await withOAuth2(request, { ...options, signal: call.signal })
    return await receive(prepared, options, call.signal, call.deadline)
  } catch (error) {
    throw transportError(error, request, options)
  } finally {
    call.done()
  }
}

/** What a failed call throws: apictl's own errors as they are, a cancel as such, the rest as a NetworkError. */
export function transportError(error: unknown, request: HttpRequest, options: TransportOptions): unknown {
  if (isApictlError(error)) return error
  if (options.signal?.aborted) return new CancelledError(`${request.method} ${redactUrl(request.url)}`)
  return toNetworkError(error, request.method, request.url, options.timeoutMs)
}

export async function withOAuth2(request: HttpRequest, options: TransportOptions): Promise<HttpRequest> {
  if (!request.oauth2 || headerValue(request.headers, 'authorization')) return request
  const token = await fetchOAuth2Token(request.oauth2, options)
  return { ...request, headers: withHeader(request.headers, 'Authorization', `Bearer ${token}`) }
}
