import type { HttpRequest, HttpResponse, OAuth2Settings } from '../../../core/exchange.js'
import { send as transportSend } from '../../../transport/send.js'
import type { SendFunction, TransportOptions } from '../../../transport/transport-options.js'
import { FetchHeaders, type FetchHeadersInit } from './fetch-headers.js'
import { FetchResponse } from './fetch-response.js'

export interface TransportFetchOptions {
  /** Header names as the caller spelled them; `Headers` lower-cases them, this puts them back for -v. */
  headerNames?: readonly string[]
  oauth2?: OAuth2Settings
  /** The transport's send (tests may wrap it). */
  send?: SendFunction
}

export interface TransportFetch {
  /** A `fetch` for graphql-request: each call becomes one HttpRequest through the shared transport. */
  fetch: typeof fetch
  /** The last response the transport returned, exactly as received (for the decoder). */
  lastResponse(): HttpResponse | undefined
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304])

/** What graphql-request (or a caller) may pass as fetch's first argument: a URL, or a Request-like object. */
type FetchInput =
  | string
  | URL
  | {
      url: string
      method?: string
      headers?: FetchHeadersInit
      signal?: AbortSignal | null
      body?: unknown
      text?(): Promise<string>
    }

interface FetchInit {
  method?: string
  headers?: FetchHeadersInit
  body?: unknown
  signal?: AbortSignal | null
}

/**
 * A `fetch`-compatible function over the one transport (got), so GraphQL
 * requests get the same time limit, retries, TLS settings, OAuth 2.0 and -v
 * output as REST. Transport failures surface as the transport's own
 * NetworkError (exit 3), not as fetch's TypeError.
 */
export function transportFetch(
  transport: TransportOptions,
  options: TransportFetchOptions = {},
): TransportFetch {
  const send = options.send ?? transportSend
  const spelling = new Map((options.headerNames ?? []).map((name) => [name.toLowerCase(), name]))
  let last: HttpResponse | undefined
  // Web fetch types in, our light Headers/Response out (fetch-headers.ts says why).
  const fetchOverTransport = async (input: FetchInput, init: FetchInit = {}): Promise<FetchResponse> => {
    const request = typeof input === 'object' && !(input instanceof URL) ? input : undefined
    const headers = new FetchHeaders(init.headers ?? request?.headers)
    const request_: HttpRequest = {
      method: (init.method ?? request?.method ?? 'GET').toUpperCase(),
      url: request ? request.url : String(input),
      headers: {},
    }
    headers.forEach((value, name) => {
      request_.headers[spelling.get(name) ?? name] = value
    })
    const body = init.body ?? (request?.text && request.body !== null ? await request.text() : undefined)
    if (body !== undefined && body !== null) request_.body = await bodyText(body)
    if (options.oauth2) request_.oauth2 = options.oauth2
    const signal = init.signal ?? request?.signal
    const settings =
      signal && signal !== transport.signal
        ? { ...transport, signal: transport.signal ? AbortSignal.any([transport.signal, signal]) : signal }
        : transport
    last = await send(request_, settings)
    return toWebResponse(last)
  }
  return { fetch: fetchOverTransport as unknown as typeof fetch, lastResponse: () => last }
}

async function bodyText(body: unknown): Promise<string | Buffer> {
  if (typeof body === 'string') return body
  if (Buffer.isBuffer(body)) return body
  if (body instanceof Uint8Array) return Buffer.from(body)
  if (body instanceof URLSearchParams) return body.toString()
  // Anything else (a Blob, FormData, a stream) goes through the platform's Response.
  return Buffer.from(await new Response(body as BodyInit).arrayBuffer())
}

/** The transport's response as a fetch `Response` (status kept in fetch's 200–599 range). */
export function toWebResponse(response: HttpResponse): FetchResponse {
  const headers = new FetchHeaders()
  for (const [name, value] of Object.entries(response.headers)) {
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one)
  }
  const status = response.status >= 200 && response.status <= 599 ? response.status : 502
  // A view of the received bytes, not a copy.
  const bytes = response.body
  const body = NULL_BODY_STATUSES.has(status)
    ? null
    : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length)
  return new FetchResponse(
    body,
    { status, statusText: safeReason(response.statusText), headers },
    response.url,
  )
}

function safeReason(text: string): string {
  return /^[\t\x20-\x7e\x80-\xff]*$/.test(text) ? text : ''
}
