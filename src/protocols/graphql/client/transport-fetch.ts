import type { HttpRequest, HttpResponse, OAuth2Settings } from '../../../core/exchange.js'
import { send as transportSend } from '../../../transport/send.js'
import type { SendFunction, TransportOptions } from '../../../transport/transport-options.js'

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
  const fetchOverTransport = async (
    input: string | URL | Request,
    init: RequestInit = {},
  ): Promise<Response> => {
    const request = input instanceof Request ? input : undefined
    const headers = new Headers(init.headers ?? request?.headers)
    const request_: HttpRequest = {
      method: (init.method ?? request?.method ?? 'GET').toUpperCase(),
      url: request ? request.url : String(input),
      headers: {},
    }
    headers.forEach((value, name) => {
      request_.headers[spelling.get(name) ?? name] = value
    })
    const body = init.body ?? (request && request.body !== null ? await request.text() : undefined)
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
  return { fetch: fetchOverTransport as typeof fetch, lastResponse: () => last }
}

async function bodyText(body: BodyInit): Promise<string | Buffer> {
  if (typeof body === 'string') return body
  return Buffer.from(await new Response(body).arrayBuffer())
}

/** The transport's response as a web `Response` (status kept in fetch's 200–599 range). */
export function toWebResponse(response: HttpResponse): Response {
  const headers = new Headers()
  for (const [name, value] of Object.entries(response.headers)) {
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one)
  }
  const status = response.status >= 200 && response.status <= 599 ? response.status : 502
  const body = NULL_BODY_STATUSES.has(status) ? null : new Uint8Array(response.body)
  return new Response(body, { status, statusText: safeReason(response.statusText), headers })
}

function safeReason(text: string): string {
  return /^[\t\x20-\x7e\x80-\xff]*$/.test(text) ? text : ''
}
