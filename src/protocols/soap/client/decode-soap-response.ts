import { NetworkError } from '../../../core/errors.js'
import type { HttpResponse } from '../../../core/exchange.js'
import { headerValue, mediaType } from '../../../core/exchange.js'
import { ExitCode, exitCodeForStatus } from '../../../core/exit-codes.js'
import { redactUrl } from '../../../core/redact-url.js'
import { readReply } from '../call-message.js'
import { parseContentType } from '../content-type.js'
import { EnvelopeError, readEnvelope } from '../envelope.js'
import { faultKind, parseFault, type SoapFault } from '../fault.js'
import type { SoapRecord } from '../message-values.js'
import { type SoapVersion, soap11, soap12 } from '../soap-version.js'
import { decodeXml } from '../xml/decode-xml.js'
import type { QName } from '../xml/qname.js'
import { childElements, type XmlElement } from '../xml/xml-element.js'
import { XmlReadError } from '../xml/xml-read-error.js'

interface Answer {
  status: number
  response: HttpResponse
}

/** What a SOAP endpoint answered: a result, a fault, or something that is not an envelope. */
export type SoapAnswer =
  | (Answer & { kind: 'result'; version: SoapVersion; operation: QName; values: SoapRecord; text: string })
  | (Answer & { kind: 'fault'; version: SoapVersion; fault: SoapFault; text: string })
  | (Answer & { kind: 'not-envelope'; reason: string })
  /** HTTP 202 or 204 with no body: a one-way operation's answer (WS-I Basic Profile 1.1, R2714/R2750). */
  | (Answer & { kind: 'accepted' })

/** A decoded SOAP answer with the exit code it ends a command with (soapExitCode). */
export type SoapOutcome = SoapAnswer & { exitCode: ExitCode }

function notEnvelope(response: HttpResponse, reason: string): SoapAnswer {
  return { kind: 'not-envelope', status: response.status, response, reason }
}

/**
 * A Fault written with the other version's children is read as such rather
 * than as a fault with no code: node-soap answers some errors in a 1.1
 * envelope with 1.2's Code/Reason, and in a 1.2 envelope with 1.1's
 * faultcode/faultstring/detail.
 */
function lenientFault(fault: SoapFault, node: XmlElement, version: SoapVersion): SoapFault {
  if (fault.code.local !== '') return fault
  const names = childElements(node).map((child) => child.name.local)
  if (version.id === '1.1' && names.includes('Code')) {
    return parseFault(node, { ...soap12, envelopeNamespace: version.envelopeNamespace })
  }
  if (version.id === '1.2' && names.includes('faultcode')) return parseFault(node, soap11)
  return fault
}

function isBlank(body: Buffer): boolean {
  return body.length === 0 || (body.length < 64 && body.toString('latin1').trim() === '')
}

/** What the body is, for a message about something that is not an envelope: `text/html`, `an empty body`. */
export function describeBody(response: HttpResponse): string {
  if (response.body.length === 0) return 'an empty body'
  const type = mediaType(headerValue(response.headers, 'content-type'))
  return type === '' ? `${response.body.length} bytes without a Content-Type` : type
}

/** text/html, or a body that opens like an HTML document (`<!DOCTYPE html`, `<html`). */
function looksLikeHtml(response: HttpResponse): boolean {
  const type = mediaType(headerValue(response.headers, 'content-type'))
  if (type === 'text/html' || type === 'application/xhtml+xml') return true
  const start = response.body
    .subarray(0, 256)
    .toString('latin1')
    .replace(/^\uFEFF?\s*/, '')
    .toLowerCase()
  return start.startsWith('<!doctype html') || start.startsWith('<html')
}

/**
 * Decodes a SOAP answer with the codec: the body's bytes by charset, the
 * safe reader (no DOCTYPE, bounded depth), the envelope, then a result or a
 * fault. HTTP 202/204 with an empty body is `accepted` (a one-way
 * operation's answer carries no envelope). Anything else is `not-envelope`,
 * with the reason. The outcome carries its exit code (soapExitCode).
 */
export function decodeSoapResponse(response: HttpResponse, options: { deadline?: number } = {}): SoapOutcome {
  const answer = readAnswer(response, options.deadline)
  return { ...answer, exitCode: soapExitCode(answer) }
}

function readAnswer(response: HttpResponse, deadline: number | undefined): SoapAnswer {
  if ((response.status === 202 || response.status === 204) && isBlank(response.body)) {
    return { kind: 'accepted', status: response.status, response }
  }
  if (response.body.length === 0) return notEnvelope(response, `HTTP ${response.status} with an empty body`)
  const status = [String(response.status), response.statusText].filter(Boolean).join(' ')
  if (looksLikeHtml(response)) {
    // A login page, a proxy's error page, a web site: say so, rather than what the XML reader thinks of it.
    return notEnvelope(response, `HTTP ${status}: an HTML page (${describeBody(response)})`)
  }
  const charset = parseContentType(headerValue(response.headers, 'content-type')).parameters.get('charset')
  let text: string
  try {
    text = decodeXml(response.body, charset)
    const envelope = readEnvelope(text, { deadline })
    const reply = readReply(envelope)
    const answer = { status: response.status, response, version: envelope.version, text }
    if (reply.kind === 'fault') {
      return {
        ...answer,
        kind: 'fault',
        fault: lenientFault(reply.fault, envelope.body[0]!, envelope.version),
      }
    }
    return { ...answer, kind: 'result', operation: reply.operation, values: reply.values }
  } catch (error) {
    if (error instanceof XmlReadError && error.problem === 'time') {
      throw new NetworkError('Reading the SOAP answer did not finish within the time limit.', {
        where: redactUrl(response.url),
        hint: 'Raise the limit with --timeout SECONDS.',
      })
    }
    if (error instanceof XmlReadError || error instanceof EnvelopeError) {
      const what =
        error instanceof XmlReadError && error.problem === 'syntax'
          ? `${describeBody(response)}, not XML`
          : error.message
      return notEnvelope(response, `HTTP ${status}: ${what}`)
    }
    throw error
  }
}

/**
 * The exit code of a SOAP answer (SPEC §3), decided here only:
 *
 * - a fault: Client/Sender, VersionMismatch, MustUnderstand (and 1.2's
 *   DataEncodingUnknown, also the sender's doing) → 4; Server/Receiver, or a
 *   code outside the envelope namespace → 5. The HTTP status does not matter
 *   (faults travel as 500).
 * - not an envelope (empty, not XML, XML but no Envelope, or refused as
 *   hostile): HTTP 4xx → 4, 5xx → 5 (the server said what happened, just not
 *   in SOAP); any other status → 6, an answer that cannot be understood.
 * - a result envelope: by HTTP status (2xx → 0, 4xx → 4, 5xx → 5).
 * - HTTP 202/204 with no envelope (a one-way operation): 0.
 */
export function soapExitCode(answer: SoapAnswer): ExitCode {
  if (answer.kind === 'fault') {
    const kind = faultKind(answer.fault, answer.version)
    return kind === undefined || kind === 'server' ? ExitCode.ServerFailed : ExitCode.Rejected
  }
  if (answer.kind === 'accepted') return ExitCode.Ok
  if (answer.kind === 'not-envelope') {
    return answer.status >= 400 && answer.status < 600
      ? exitCodeForStatus(answer.status)
      : ExitCode.BadResponse
  }
  return exitCodeForStatus(answer.status)
}
