import type { HttpRequest, HttpResponse } from '../../core/exchange.js'
import { isProbablyBinary } from '../../core/is-probably-binary.js'
import type { ExchangeRecord, RequestResult } from '../../core/run-report.js'
import { redactHeaders } from '../../render/redact.js'
import { redactSoapPasswords } from '../../render/soap-redact.js'

/** Bodies kept in a report at most this long (characters). */
export const REPORT_BODY_LIMIT = 64 * 1024

function clip(text: string): string {
  return text.length > REPORT_BODY_LIMIT
    ? `${text.slice(0, REPORT_BODY_LIMIT)}… (${text.length} characters)`
    : text
}

function flat(headers: Record<string, string | string[]>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(redactHeaders(headers)).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(', ') : value,
    ]),
  )
}

/** The request as sent, credentials redacted (headers, WS-Security passwords), body clipped. */
export function requestRecord(request: HttpRequest): ExchangeRecord {
  const record: ExchangeRecord = { method: request.method, url: request.url, headers: flat(request.headers) }
  const body = request.body
  if (typeof body === 'string') record.body = clip(redactSoapPasswords(body))
  else if (body !== undefined) {
    record.body = isProbablyBinary(body, undefined) ? `(${body.length} bytes)` : clip(body.toString('utf8'))
  }
  return record
}

/** The answer as received, Set-Cookie values redacted, body clipped. */
export function responseRecord(response: HttpResponse): NonNullable<RequestResult['response']> {
  const record: NonNullable<RequestResult['response']> = {
    status: response.status,
    headers: flat(response.headers),
  }
  if (response.body.length > 0) record.body = clip(response.body.toString('utf8'))
  return record
}

/** Response headers as a RunAnswer has them: lower-case names, repeated ones joined. */
export function answerHeaders(headers: Record<string, string | string[]>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name.toLowerCase(),
      Array.isArray(value) ? value.join(', ') : value,
    ]),
  )
}
