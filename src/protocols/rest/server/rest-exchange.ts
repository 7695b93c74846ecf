import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import type { Authenticator } from '../../../server/auth/authenticator.js'
import { authChallenge } from '../../../server/auth/authenticator.js'
import { requestBaseUrl } from '../../../server/http/base-url.js'
import { HttpError } from '../../../server/http/http-error.js'
import { send } from '../../../server/http/respond.js'
import type { Store } from '../../../server/store.js'
import type { Format } from './negotiation.js'
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
  services: RestServices
}

export const jsonContentType = 'application/json; charset=utf-8'
export const xmlContentType = 'application/xml; charset=utf-8'

/** `http://host:port/v1` as the client addressed it. */
export function versionUrl(exchange: RestExchange): string {
  return `${requestBaseUrl(exchange.request, exchange.services.origin())}/${exchange.route.version}`
}

/** Sends a representation in the negotiated format: cached JSON bytes, or XML built on demand. */
export function sendRepresentation(
  exchange: RestExchange,
  status: number,
  json: () => Buffer,
  xml: { root: string; value: () => unknown },
  headers: OutgoingHttpHeaders = {},
): void {
  headers.vary = 'Accept'
  if (exchange.format === 'xml') {
    send(exchange.response, status, xmlContentType, toXmlDocument(xml.root, xml.value()), headers)
  } else {
    send(exchange.response, status, jsonContentType, json(), headers)
  }
}

/** Writes need credentials: 401 with the challenge otherwise. */
export async function requireAuth(exchange: RestExchange, auth: Authenticator): Promise<void> {
  const outcome = await auth.check(exchange.request)
  if (!outcome.ok) {
    throw new HttpError(401, `${outcome.reason}`, { headers: { 'www-authenticate': authChallenge } })
  }
}
