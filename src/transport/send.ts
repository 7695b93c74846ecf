import type { Agent as HttpAgent } from 'node:http'
import { Agent as HttpAgentClass } from 'node:http'
import { Agent as HttpsAgent } from 'node:https'
import got, { type OptionsInit, type Response } from 'got'
import { CancelledError, isApictlError } from '../core/errors.js'
import type { HttpRequest, HttpResponse } from '../core/exchange.js'
import { headerValue, withHeader } from '../core/exchange.js'
import { toNetworkError } from './network-error.js'
import { fetchOAuth2Token } from './oauth2-token.js'
import { retryPolicy } from './retry-policy.js'
import type { TransportOptions } from './transport-options.js'

const keepAliveAgents: { http?: HttpAgent; https?: HttpsAgent } = {}

/** With --follow: at most this many redirects, then a ResponseError (a loop, most likely). */
export const MAX_REDIRECTS = 10

/**
 * The one transport: every style's request goes through here. It returns the
 * response whatever its status (the caller decides the exit code) and throws
 * a NetworkError/ResponseError when no usable HTTP answer arrived.
 */
export async function send(request: HttpRequest, options: TransportOptions): Promise<HttpResponse> {
  const deadline = new AbortController()
  const timer = setTimeout(() => deadline.abort(new Error('timed out')), options.timeoutMs)
  const signal = options.signal ? AbortSignal.any([deadline.signal, options.signal]) : deadline.signal
  try {
    const prepared = await withOAuth2(request, { ...options, signal })
    const response = toHttpResponse(
      (await got(prepared.url, gotOptions(prepared, options, signal))) as Response<Buffer>,
    )
    options.observer?.responseReceived?.(response)
    return response
  } catch (error) {
    throw transportError(error, request, options)
  } finally {
    clearTimeout(timer)
  }
}

/** What a failed call throws: apictl's own errors as they are, a cancel as such, the rest as a NetworkError. */
export function transportError(error: unknown, request: HttpRequest, options: TransportOptions): unknown {
  if (isApictlError(error)) return error
  if (options.signal?.aborted) return new CancelledError(`${request.method} ${request.url}`)
  return toNetworkError(error, request.method, request.url, options.timeoutMs)
}

export async function withOAuth2(request: HttpRequest, options: TransportOptions): Promise<HttpRequest> {
  if (!request.oauth2 || headerValue(request.headers, 'authorization')) return request
  const token = await fetchOAuth2Token(request.oauth2, options)
  return { ...request, headers: withHeader(request.headers, 'Authorization', `Bearer ${token}`) }
}

export function gotOptions(
  request: HttpRequest,
  options: TransportOptions,
  signal?: AbortSignal,
): OptionsInit {
  const headers: Record<string, string | string[] | undefined> = {
    'user-agent': undefined,
    ...request.headers,
  }
  return {
    method: request.method as OptionsInit['method'],
    headers,
    body: request.body,
    allowGetBody: true,
    throwHttpErrors: false,
    responseType: 'buffer',
    followRedirect: options.followRedirects ?? false,
    maxRedirects: MAX_REDIRECTS,
    https: { rejectUnauthorized: !options.insecure },
    agent: options.keepAlive ? sharedAgents() : undefined,
    retry: retryPolicy(options),
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
          options.observer?.responseReceived?.(toHttpResponse(hop as Response<Buffer>))
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
      beforeRetry: [
        (error, retryCount) => {
          const reason = error.response ? `HTTP ${error.response.statusCode}` : (error.code ?? error.message)
          options.observer?.retrying?.(retryCount, reason, 0)
        },
      ],
    },
  }
}

function sharedAgents() {
  keepAliveAgents.http ??= new HttpAgentClass({ keepAlive: true })
  keepAliveAgents.https ??= new HttpsAgent({ keepAlive: true })
  return { http: keepAliveAgents.http, https: keepAliveAgents.https }
}

function plainHeaders(headers: Record<string, unknown>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.map(String) : String(value)
  }
  return out
}

export function toHttpResponse(
  response: Response,
  body: Buffer = (response as Response<Buffer>).rawBody,
): HttpResponse {
  const phases = response.timings.phases
  const start = response.timings.start
  const at = (time: number | undefined) => (time === undefined ? undefined : time - start)
  return {
    status: response.statusCode,
    statusText: response.statusMessage ?? '',
    headers: response.headers as HttpResponse['headers'],
    body: body ?? Buffer.alloc(0),
    url: response.url,
    httpVersion: response.httpVersion,
    timings: {
      dns: phases.dns,
      connect: at(response.timings.connect),
      tls: phases.tls,
      firstByte: at(response.timings.response),
      total: phases.total ?? Date.now() - start,
    },
  }
}
