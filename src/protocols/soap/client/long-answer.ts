import { ResponseError } from '../../../core/errors.js'
import type { HttpResponse } from '../../../core/exchange.js'
import { headerValue } from '../../../core/exchange.js'
import { type ExitCode, exitCodeForStatus } from '../../../core/exit-codes.js'
import { redactUrl } from '../../../core/redact-url.js'
import { formatSize } from '../../../core/size.js'
import { parseContentType } from '../content-type.js'
import { type SoapVersion, soap11, soap12 } from '../soap-version.js'
import type { QName } from '../xml/qname.js'
import { MAX_XML_BYTES } from '../xml/xml-limits.js'

/**
 * A result envelope too long to hold (sendSoapRequest's `streamAbove`): its
 * body is `response.body` (the first part) then `response.more`, read as it
 * arrives by printSoapStream. Its exit code is the status's (a result).
 */
export interface StreamedSoapAnswer {
  kind: 'stream'
  status: number
  version: SoapVersion
  /** The Body's first element, as the first part names it. */
  operation: QName
  response: HttpResponse & { more: AsyncIterable<Buffer> }
  exitCode: ExitCode
}

const startTag =
  /<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y
const declarations = /\sxmlns(?::([\w.-]+))?\s*=\s*(?:"([^"]*)"|'([^']*)')/g
const skipped = /(?:\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->)*/y

/**
 * What the first part of a long answer says, when it surely is a result
 * envelope in UTF-8 (a declaration and comments, then Envelope in a SOAP
 * namespace, an optional Header, Body, and a first element that is not a
 * Fault): the version and the result's element. Anything else (a fault, not
 * an envelope, another charset, a Header longer than the first part) is
 * undefined: read whole, as a short answer is.
 */
export function longResultHead(
  response: HttpResponse,
): { version: SoapVersion; operation: QName } | undefined {
  const charset = parseContentType(headerValue(response.headers, 'content-type')).parameters.get('charset')
  if (charset !== undefined && !/^utf-?8$/i.test(charset)) return undefined
  const text = response.body.toString('utf8').replace(/^\uFEFF/, '')
  const encoding = /^<\?xml[^>]*encoding\s*=\s*["']([^"']*)["']/.exec(text)?.[1]
  if (encoding !== undefined && !/^utf-?8$/i.test(encoding)) return undefined
  const scopes = new Map<string, string>()
  let at = 0
  const next = () => {
    skipped.lastIndex = at
    at = skipped.exec(text)![0].length + at
    startTag.lastIndex = at
    const match = startTag.exec(text)
    if (match === null) return undefined
    at = startTag.lastIndex
    for (const declared of match[3]!.matchAll(declarations)) {
      scopes.set(declared[1] ?? '', declared[2] ?? declared[3] ?? '')
    }
    const prefix = match[1]?.slice(0, -1) ?? ''
    return {
      namespace: scopes.get(prefix) ?? '',
      local: match[2]!,
      name: `${match[1] ?? ''}${match[2]}`,
      empty: match[4] === '/',
    }
  }
  const envelope = next()
  const version = [soap11, soap12].find((each) => each.envelopeNamespace === envelope?.namespace)
  if (envelope?.local !== 'Envelope' || envelope.empty || version === undefined) return undefined
  let body = next()
  if (body?.local === 'Header' && body.namespace === version.envelopeNamespace) {
    if (!body.empty) {
      // The Header's own end tag (a Header inside it would be odd; then the Body is not found and all is read whole).
      const close = new RegExp(`</${body.name.replace(/\./g, '\\.')}\\s*>`, 'g')
      close.lastIndex = at
      if (close.exec(text) === null) return undefined
      at = close.lastIndex
    }
    body = next()
  }
  if (body?.local !== 'Body' || body.namespace !== version.envelopeNamespace || body.empty) return undefined
  const first = next()
  if (first === undefined || first.local === 'Fault') return undefined
  return { version, operation: { namespace: first.namespace, local: first.local } }
}

/** A long answer that is not surely a result, read whole as a short one is (at most MAX_XML_BYTES). */
export async function readWholeAnswer(
  response: HttpResponse & { more: AsyncIterable<Buffer> },
  method: string,
): Promise<HttpResponse> {
  const parts = [response.body]
  let total = response.body.length
  for await (const chunk of response.more) {
    total += chunk.length
    if (total > MAX_XML_BYTES) {
      throw new ResponseError(
        `The answer is larger than ${formatSize(MAX_XML_BYTES)} (the most apictl reads of a SOAP answer that is not a result, counted after decompression); apictl stopped reading it.`,
        {
          where: `${method} ${redactUrl(response.url)}`,
          hint: 'The server sent far more than such a document needs: check the URL, or tell its owner.',
        },
      )
    }
    parts.push(chunk)
  }
  const { more: _more, ...whole } = response
  return { ...whole, body: Buffer.concat(parts) }
}

export function streamedSoapAnswer(
  response: HttpResponse & { more: AsyncIterable<Buffer> },
  head: { version: SoapVersion; operation: QName },
): StreamedSoapAnswer {
  const { status } = response
  return { kind: 'stream', status, ...head, response, exitCode: exitCodeForStatus(status) }
}
