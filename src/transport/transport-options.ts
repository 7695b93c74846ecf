import type { HttpRequest, HttpResponse, OAuth2Settings } from '../core/exchange.js'
import type { CookieJarLike } from './cookie-jar.js'
import type { HttpSession } from './http-session.js'
import type { ProxySettings } from './proxy-for.js'
import type { TlsSettings } from './tls-files.js'

/** What the transport tells whoever listens (the -v printer); it never prints itself. */
export interface TransportObserver {
  requestSent?(request: {
    method: string
    url: string
    headers: Record<string, string | string[]>
    body?: string | Buffer
  }): void
  retrying?(attempt: number, reason: string, delayMs: number): void
  responseReceived?(response: HttpResponse): void
  tokenFetched?(tokenUrl: string, fromCache: boolean): void
  /** Bytes of the request body sent so far, of `total` when known (a form's files as they stream). */
  uploadProgress?(transferred: number, total: number | undefined): void
  /** Bytes of a streamed answer (a download) received so far, of `total` when the server said. */
  downloadProgress?(transferred: number, total: number | undefined): void
  /** The request goes through this proxy (named without credentials), chosen by `from` (--proxy, HTTPS_PROXY, …). */
  proxyUsed?(proxy: string, from: string): void
}

/** Two listeners as one: each event goes to the first, then the second. */
export function joinObservers(
  first: TransportObserver | undefined,
  second: TransportObserver,
): TransportObserver {
  if (first === undefined) return second
  const joined: Record<string, (...args: never[]) => void> = {}
  for (const key of new Set([...Object.keys(first), ...Object.keys(second)]) as Set<
    keyof TransportObserver
  >) {
    const a = first[key] as ((...args: never[]) => void) | undefined
    const b = second[key] as ((...args: never[]) => void) | undefined
    joined[key] = (...args: never[]) => {
      a?.(...args)
      b?.(...args)
    }
  }
  return joined as TransportObserver
}

export interface TransportOptions {
  /** Time limit for the whole call, retries and token fetch included (ms). */
  timeoutMs: number
  /**
   * A time (Date.now()) by which the call must be done, when several calls
   * share one limit (a WSDL and its imports); the earlier of the two holds.
   */
  deadline?: number
  /** Retries on network errors and 502/503/504, for idempotent methods only. */
  retry: number
  /** --retry-unsafe: retry POST and PATCH too (the caller says the operation is idempotent). */
  retryAnyMethod?: boolean
  insecure: boolean
  followRedirects?: boolean
  signal?: AbortSignal
  observer?: TransportObserver
  /** Where OAuth 2.0 tokens are kept between runs; without it every call fetches one. */
  tokenStore?: TokenStore
  /** Reuse connections between calls (the REPL and the library). */
  keepAlive?: boolean
  /** --proxy and the proxy variables (undefined: no proxy at all). */
  proxy?: ProxySettings
  /** --ca, --cert, --key (or the profile's). */
  tls?: TlsSettings
  /** --http2: offer HTTP/2 by ALPN (https), HTTP/1.1 when the server declines. */
  http2?: boolean
  /** Cookies kept between calls (a REPL session, a library client, --session NAME): sent and updated as got goes. */
  cookies?: CookieJarLike
  /** --session NAME: headers kept per host and cookies, sent and kept (its cookies win over `cookies`). */
  session?: HttpSession
  /** The largest body accepted, in bytes, counted after decompression (--max-size; default 1 GiB). */
  maxSize?: number
  /**
   * What set maxSize when it is not --max-size (a reader's own bound, such as
   * `the most a SOAP answer may be`), for the message.
   */
  maxSizeLabel?: string
  /** More header names (besides Authorization, Proxy-Authorization, Cookie and API-key-like names) never sent to another origin. */
  secretHeaders?: readonly string[]
}

export type SendFunction = (request: HttpRequest, options: TransportOptions) => Promise<HttpResponse>

export const IDEMPOTENT_METHODS = ['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS'] as const

/** True when --retry applies to a call with this method as the transport is set. */
export function retriesMethod(method: string, options: Pick<TransportOptions, 'retryAnyMethod'>): boolean {
  return (
    options.retryAnyMethod === true ||
    (IDEMPOTENT_METHODS as readonly string[]).includes(method.toUpperCase())
  )
}
export const RETRY_STATUS_CODES = [502, 503, 504]

export interface StoredToken {
  accessToken: string
  /** Milliseconds since the epoch. */
  expiresAt: number
}

/** A token cache keyed by the client's settings (config/token-cache on disk). */
export interface TokenStore {
  get(settings: OAuth2Settings): Promise<StoredToken | undefined>
  put(settings: OAuth2Settings, token: StoredToken): Promise<void>
}
