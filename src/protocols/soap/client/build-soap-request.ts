import type { HeaderList, Headers, HttpRequest, OAuth2Settings } from '../../../core/exchange.js'
import { withHeader, withoutHeader } from '../../../core/exchange.js'
import { VERSION } from '../../../core/version.js'
import { type Envelope, type HeaderBlock, writeEnvelope } from '../envelope.js'
import { type SoapVersion, soapContentType } from '../soap-version.js'
import type { XmlElement } from '../xml/xml-element.js'

export type SoapHttpMethod = 'POST' | 'M-POST'

/** How a SOAP message travels: everything but the envelope itself. */
export interface SoapHttpInput {
  version: SoapVersion
  url: string
  /** SOAPAction: 1.1's header (quoted), 1.2's `action` parameter. undefined sends none at all; '' sends an empty one. */
  action: string | undefined
  /** POST, or M-POST (the HTTP Extension Framework, RFC 2774). */
  method?: SoapHttpMethod | undefined
  /** Profile headers, auth and -H, in order: a later one replaces an earlier one of the same name. */
  headers?: HeaderList | undefined
  /** `-H 'Name:'`: headers not to send, SOAP's own included. */
  unsetHeaders?: string[] | undefined
  oauth2?: OAuth2Settings | undefined
}

export interface SoapEnvelopeInput {
  version: SoapVersion
  body: readonly XmlElement[]
  headers?: readonly HeaderBlock[] | undefined
  /** encodingStyle: on the Body (1.1) or on each Body child (1.2). */
  encodingStyle?: string | undefined
}

/** The namespace M-POST's `Man` declares, with the two-digit prefix of its headers. */
export const extensionPrefix = '01'

/**
 * The SOAPAction to send: the one given (`null`/`false`: none at all, '' an
 * empty one), else the WSDL's, else for SOAP 1.1 "" (its HTTP binding
 * requires the header) and for 1.2 none (the `action` parameter is optional).
 */
export function chooseAction(
  version: SoapVersion,
  given: string | false | null | undefined,
  fromWsdl: string | undefined,
): string | undefined {
  if (given === false || given === null) return undefined
  if (given !== undefined) return given
  if (version.actionInHeader) return fromWsdl ?? ''
  return fromWsdl === '' ? undefined : fromWsdl
}

/** SOAPAction as a quoted string, as SOAP 1.1 §6.1.1 writes it. */
export function quotedAction(action: string): string {
  return `"${action.replace(/["\\]/g, (character) => `\\${character}`)}"`
}

/** The envelope text (the codec writes it: 1.1 or 1.2 namespace, Header blocks with their SOAP attributes). */
export function soapEnvelopeText(input: SoapEnvelopeInput): string {
  const envelope: Envelope = {
    version: input.version,
    headers: input.headers ?? [],
    body: input.body,
    encodingStyle: input.encodingStyle,
  }
  return writeEnvelope(envelope, wellKnownPrefixes)
}

/** Prefixes for the namespaces an encoded message names in xsi:type values (else ns0, ns1, …). */
const wellKnownPrefixes: ReadonlyMap<string, string> = new Map([
  ['http://www.w3.org/2001/XMLSchema', 'xsd'],
  ['http://schemas.xmlsoap.org/soap/encoding/', 'SOAP-ENC'],
])

/**
 * Pure: the HTTP request for an envelope. SOAP 1.1: `text/xml; charset=utf-8`
 * and `SOAPAction: "…"`; 1.2: `application/soap+xml; charset=utf-8;
 * action="…"`. M-POST declares SOAP in `Man: "<envelope ns>"; ns=01` and
 * sends the action as `01-SOAPAction`. --dry-run and --curl print this.
 */
export function soapHttpRequest(input: SoapHttpInput, envelope: string): HttpRequest {
  const { version, action } = input
  const extension = input.method === 'M-POST'
  let headers: Headers = {
    'User-Agent': `apictl/${VERSION}`,
    'Content-Type': soapContentType(version, action),
  }
  if (extension) headers.Man = `"${version.envelopeNamespace}"; ns=${extensionPrefix}`
  if (version.actionInHeader && action !== undefined) {
    headers[extension ? `${extensionPrefix}-SOAPAction` : 'SOAPAction'] = quotedAction(action)
  }
  for (const [name, value] of input.headers ?? []) headers = withHeader(headers, name, value)
  for (const name of input.unsetHeaders ?? []) headers = withoutHeader(headers, name)
  const request: HttpRequest = {
    method: extension ? 'M-POST' : 'POST',
    url: input.url,
    headers,
    body: envelope,
  }
  if (input.oauth2) request.oauth2 = input.oauth2
  return request
}
