import type { IncomingMessage } from 'node:http'
import { parseContentType, unquote } from '../content-type.js'
import { type SoapVersion, soapVersionForMediaType, soapVersions } from '../soap-version.js'

/** What the HTTP layer says about a SOAP message before its body is read. */
export interface SoapHttpRequest {
  /** The version the Content-Type announces. */
  version: SoapVersion
  charset: string | undefined
  /** SOAPAction (1.1's header, 1.2's `action` parameter), unquoted; undefined when none was sent. */
  action: string | undefined
  /** Sent as M-POST (HTTP Extension Framework): the answer carries `Ext`. */
  extension: boolean
}

/** An answer the HTTP layer gives without reading SOAP: status and a short reason. */
export interface HttpRefusal {
  status: number
  detail: string
}

interface ExtensionDeclaration {
  uri: string
  prefix: string | undefined
}

/** RFC 2774 `Man` / `Opt`: `"uri"; ns=01, "uri2"` → declarations. */
function declarations(value: string | string[] | undefined): ExtensionDeclaration[] {
  if (value === undefined) return []
  const text = Array.isArray(value) ? value.join(',') : value
  const found: ExtensionDeclaration[] = []
  for (const match of text.matchAll(/\s*("[^"]*"|[^;,\s]+)((?:\s*;\s*[^;,]*)*)/g)) {
    const uri = unquote(match[1]!)
    if (uri === '') continue
    const prefix = /;\s*ns\s*=\s*"?(\d{2})"?/i.exec(match[2] ?? '')?.[1]
    found.push({ uri, prefix })
  }
  return found
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value
}

const soapUris = new Set(soapVersions.map((version) => version.envelopeNamespace))

/**
 * The SOAPAction of an M-POST request: the SOAP extension is declared in
 * `Man` (or `Opt`) with a two-digit `ns`, and the header travels as
 * `NN-SOAPAction`. A mandatory extension other than SOAP is refused (510).
 */
function extensionAction(request: IncomingMessage): { action: string | undefined } | HttpRefusal {
  const mandatory = declarations(request.headers.man)
  const unknown = mandatory.find((declaration) => !soapUris.has(declaration.uri))
  if (unknown !== undefined) {
    return {
      status: 510,
      detail: `the mandatory extension ${unknown.uri.slice(0, 200)} is not supported here`,
    }
  }
  const soap = [...mandatory, ...declarations(request.headers.opt)].find(
    (declaration) => soapUris.has(declaration.uri) && declaration.prefix !== undefined,
  )
  const header = soap === undefined ? undefined : headerText(request.headers[`${soap.prefix}-soapaction`])
  const value = header ?? headerText(request.headers.soapaction)
  return { action: value === undefined ? undefined : unquote(value) }
}

/** Reads version, charset and SOAPAction from a POST (or M-POST) to the SOAP endpoint. */
export function readSoapHttpRequest(
  request: IncomingMessage,
  extension: boolean,
): SoapHttpRequest | HttpRefusal {
  const contentType = parseContentType(request.headers['content-type'])
  const version = soapVersionForMediaType(contentType.mediaType)
  if (version === undefined) {
    const given =
      contentType.mediaType === '' ? 'no Content-Type' : `Content-Type ${contentType.mediaType.slice(0, 80)}`
    return {
      status: 415,
      detail: `${given}: send SOAP 1.1 as text/xml or SOAP 1.2 as application/soap+xml`,
    }
  }
  let action: string | undefined
  if (extension) {
    const found = extensionAction(request)
    if ('status' in found) return found
    action = found.action
  } else {
    const header = headerText(request.headers.soapaction)
    action = header === undefined ? undefined : unquote(header)
  }
  if (!version.actionInHeader) action = contentType.parameters.get('action') ?? action
  return { version, charset: contentType.parameters.get('charset'), action, extension }
}
