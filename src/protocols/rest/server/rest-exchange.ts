import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import type { Authenticator } from '../../../server/kit/auth/authenticator.js'
import { authChallenge } from '../../../server/kit/auth/authenticator.js'
import { requestBaseUrl } from '../../../server/kit/http/base-url.js'
import { HttpError } from '../../../server/kit/http/http-error.js'
import { send } from '../../../server/kit/http/respond.js'
import type { Store } from '../../../server/kit/store.js'
import { type Format, jsonContentType } from './negotiation.js'
import type { ItemRepresentation } from './representation.js'
import type { RestRoute } from './routes.js'
import { toXmlDocument } from './xml-document.js'

/** What the REST half needs from the server around it. */
export interface RestServices {
  store: Store
  auth: Authenticator
  /** The server's own origin, used for absolute URLs when the Host header is unusable. */
  origin(): string
  log?: ((line: string) => void) | undefined
}

/** One request on its way through a REST handler. */
export interface RestExchange {
  request: IncomingMessage
  response: ServerResponse
  route: RestRoute
  query: string
  representation: ItemRepresentation
  format: Format
  /** The negotiated media type (for XML: application/xml or text/xml, as the client asked). */
  contentType: string
  services: RestServices
}

/** `http://host:port/v1` as the client addressed it. */
export function versionUrl(exchange: RestExchange): string {
  return `${requestBaseUrl(exchange.request, exchange.services.origin())}/${exchange.route.version}`
}

/** Sends JSON bytes (cached by the caller: this is the hot path). */
export function sendJsonBody(
  exchange: RestExchange,
  status: number,
  json: Buffer,
  headers: OutgoingHttpHeaders = {},
): void {
  headers.Vary = 'Accept'
  send(exchange.response, status, jsonContentType, json, headers)
}

/** Sends the XML document for a value (arrays repeat a singular child element). */
export function sendXmlBody(
  exchange: RestExchange,
  status: number,
  root: string,
  value: unknown,
  headers: OutgoingHttpHeaders = {},
): void {
  headers.Vary = 'Accept'
  send(exchange.response, status, exchange.contentType, toXmlDocument(root, value), headers)
}

/** Writes need credentials: 401 with the challenge otherwise, 429 while the address waits out its failures. */
export async function requireAuth(exchange: RestExchange, auth: Authenticator): Promise<void> {
  const outcome = await auth.check(exchange.request)
  if (outcome.ok) return
  if (outcome.retryAfter !== undefined) {
    throw new HttpError(429, outcome.reason, { headers: { 'Retry-After': String(outcome.retryAfter) } })
  }
  throw new HttpError(401, outcome.reason, { headers: { 'WWW-Authenticate': authChallenge } })
}
