import type { Headers } from '../core/exchange.js'
import type { CookieJarLike } from './cookie-jar.js'

/**
 * What a named session (--session NAME) gives the transport: a cookie jar,
 * the headers kept for each host, and a place to keep this call's. The
 * config side (config/named-session.ts) reads and writes the file.
 */
export interface HttpSession {
  readonly cookies: CookieJarLike
  /** The headers kept for the URL's host (host and port). */
  headersFor(url: string): Headers
  /** Keeps the headers a request to `url` was sent with (sessionHeaders() picks which), and saves the session. */
  remember(url: string, headers: Headers): Promise<void>
}

/**
 * Headers apictl sets itself, per request, never kept in a session: the
 * body's description, conditional and range requests, what it accepts, the
 * style's own headers (SOAPAction, GraphQL's preflight), and cookies (the
 * jar keeps those).
 */
const OWN_HEADERS =
  /^(content-.*|if-.*|host|accept|accept-encoding|range|cookie|user-agent|soapaction|apollo-require-preflight|transfer-encoding|connection)$/i

/** A request's headers that a session keeps: those the user gave (not in `ignore`, not apictl's own). */
export function sessionHeaders(headers: Headers, ignore: readonly string[]): Headers {
  const ignored = new Set(ignore.map((name) => name.toLowerCase()))
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !OWN_HEADERS.test(name) && !ignored.has(name.toLowerCase())),
  )
}

/** The request with the session's headers for its host added where it sets none of that name. */
export function withSessionHeaders(headers: Headers, kept: Headers): Headers {
  const present = new Set(Object.keys(headers).map((name) => name.toLowerCase()))
  const added = Object.entries(kept).filter(([name]) => !present.has(name.toLowerCase()))
  return added.length === 0 ? headers : { ...Object.fromEntries(added), ...headers }
}
