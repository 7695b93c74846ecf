import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { clientKey } from '../../../server/kit/auth/failure-throttle.js'
import { requestBaseUrl } from '../../../server/kit/http/base-url.js'
import { extensionMethodHeader } from '../../../server/kit/http/extension-method.js'
import { readBody } from '../../../server/kit/http/read-body.js'
import { sendEmpty, sendProblem } from '../../../server/kit/http/respond.js'
import { respondError } from '../../../server/kit/http/respond-error.js'
import type { Mount, ServerServices } from '../../../server/kit/mount.js'
import { writeEnvelopePieces } from '../envelope.js'
import { soapContentType } from '../soap-version.js'
import { writeWsdl } from '../wsdl/write-wsdl.js'
import { itemsNamespace } from './item-service.js'
import { itemServiceDescription } from './item-service-wsdl.js'
import { processMessage } from './process-message.js'
import { readSoapHttpRequest } from './soap-http-request.js'
import { createNonceCache } from './verify-security.js'

export const soapPath = '/soap'
/** What /soap accepts: messages. GET and HEAD are for the WSDL only, at /soap?wsdl (which takes messages too). */
const endpointAllow = 'POST, M-POST, OPTIONS'
const wsdlAllow = 'GET, HEAD, POST, M-POST, OPTIONS'
const xmlType = 'text/xml; charset=utf-8'
const prefixes = new Map([[itemsNamespace, 'tns']])

function pathAndQuery(target: string): [string, string] {
  if (!target.startsWith('/')) {
    const url = new URL(target, 'http://localhost')
    return [url.pathname, url.search.slice(1)]
  }
  const mark = target.indexOf('?')
  return mark === -1 ? [target, ''] : [target.slice(0, mark), target.slice(mark + 1)]
}

/**
 * Sends a written document with its length. `headers` is the caller's own
 * object and gets the type and length added (no copy on the hot path).
 */
function sendXml(
  response: ServerResponse,
  status: number,
  contentType: string,
  pieces: readonly (string | Buffer)[],
  headers: OutgoingHttpHeaders = {},
): void {
  const [body, length] = bodyOf(pieces)
  headers['content-type'] = contentType
  headers['content-length'] = length
  response.writeHead(status, headers)
  response.end(body)
}

/** Up to this size an answer is sent as one string, which node:http writes with the head in one write. */
const smallAnswer = 16 * 1024

/**
 * A written document as one body and its length in bytes: a small one as a
 * string, a larger one as one Buffer filled from its pieces (the kept bytes
 * of reused elements are copied, not encoded again).
 */
function bodyOf(pieces: readonly (string | Buffer)[]): [string | Buffer, number] {
  let length = 0
  for (const piece of pieces) length += typeof piece === 'string' ? Buffer.byteLength(piece) : piece.length
  if (pieces.length === 1 && typeof pieces[0] === 'string') return [pieces[0], length]
  if (length <= smallAnswer) {
    return [
      pieces.map((piece) => (typeof piece === 'string' ? piece : piece.toString('utf8'))).join(''),
      length,
    ]
  }
  const body = Buffer.allocUnsafe(length)
  let offset = 0
  for (const piece of pieces) {
    if (typeof piece === 'string') offset += body.write(piece, offset)
    else {
      body.set(piece, offset)
      offset += piece.length
    }
  }
  return [body, length]
}

/** `?wsdl`, `?WSDL`, `?wsdl=` (and the same among other parameters). */
function asksForWsdl(query: string): boolean {
  return query !== '' && query.split('&').some((pair) => pair.split('=')[0]!.toLowerCase() === 'wsdl')
}

/** M-POST, as the server's extension-method hook marks it (Node's parser knows no M-POST). */
function isExtensionPost(request: IncomingMessage): boolean {
  return (
    request.method === 'M-POST' ||
    (request.method === 'POST' && request.headers[extensionMethodHeader] === 'M-POST')
  )
}

/**
 * The SOAP half of the reference server at /soap: the WSDL on GET ?wsdl
 * (its address is the URL the client used, by its Host header), messages on
 * POST (and M-POST). Faults are 500 in the request's SOAP
 * version; a body that is not XML is 400 with an empty body.
 */
export function createSoapMount(services: ServerServices): Mount {
  const ownEndpoint = () => `${services.origin()}${soapPath}`
  /** The endpoint as this client addressed it (its Host header), e.g. not 0.0.0.0 when listening on all interfaces. */
  const endpointOf = (request: IncomingMessage) => `${requestBaseUrl(request, services.origin())}${soapPath}`
  // The nonces of accepted digest tokens, for this mount's life (each accepted once).
  const nonces = createNonceCache()
  // The last WSDL written, by address: clients of one server nearly always use one Host.
  let wsdl: { address: string; text: string } | undefined
  const wsdlText = (request: IncomingMessage) => {
    const address = endpointOf(request)
    if (wsdl?.address !== address) wsdl = { address, text: writeWsdl(itemServiceDescription(address)) }
    return wsdl.text
  }

  async function post(request: IncomingMessage, response: ServerResponse, extension: boolean): Promise<void> {
    const http = readSoapHttpRequest(request, extension)
    if ('status' in http) {
      request.resume()
      if (http.status === 510) sendEmpty(response, 510, { 'content-length': 0 })
      else sendProblem(response, http.status, http.detail)
      return
    }
    const body = await readBody(request)
    const outcome = await processMessage(body, http, {
      store: services.store,
      endpoint: endpointOf(request),
      aliases: [ownEndpoint()],
      security: {
        nonces,
        throttle: services.auth.throttle,
        client: clientKey(request.socket.remoteAddress),
      },
      log: services.log,
    })
    if (outcome.status === 400) {
      sendEmpty(response, 400, { 'content-length': 0 })
      return
    }
    const headers: OutgoingHttpHeaders = extension ? { ext: '', 'cache-control': 'no-cache="Ext"' } : {}
    if (outcome.headers !== undefined) Object.assign(headers, outcome.headers)
    const pieces = writeEnvelopePieces(outcome.envelope, prefixes)
    sendXml(response, outcome.status, soapContentType(outcome.envelope.version), pieces, headers)
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const [path, query] = pathAndQuery(request.url ?? '/')
    if (path !== soapPath) {
      sendProblem(
        response,
        404,
        `there is nothing at ${path.slice(0, 200)}; the SOAP endpoint is ${soapPath}`,
      )
      return
    }
    const method = request.method ?? 'GET'
    const wsdlAsked = asksForWsdl(query)
    const allow = wsdlAsked ? wsdlAllow : endpointAllow
    if (method === 'POST' || isExtensionPost(request)) {
      await post(request, response, isExtensionPost(request))
    } else if ((method === 'GET' || method === 'HEAD') && wsdlAsked) {
      // HEAD: node:http sends the GET's headers (Content-Length included) and drops the body.
      sendXml(response, 200, xmlType, [wsdlText(request)])
    } else if (method === 'OPTIONS') {
      sendEmpty(response, 204, { allow })
    } else {
      const hint =
        method === 'GET' || method === 'HEAD'
          ? `${method} is for the WSDL, at ${soapPath}?wsdl; ${soapPath} itself takes SOAP envelopes by POST (allowed: ${allow})`
          : `${method.slice(0, 20)} is not allowed here; allowed: ${allow}${wsdlAsked ? '' : ` (GET and HEAD: ${soapPath}?wsdl)`}`
      sendProblem(response, 405, hint, { allow })
    }
  }

  return {
    handle: (request, response) =>
      handle(request, response).catch((error) => respondError(response, error, services.log)),
  }
}
