import { type OutgoingHttpHeaders, type ServerResponse, STATUS_CODES } from 'node:http'
import type { HttpError } from './http-error.js'

export const jsonType = 'application/json; charset=utf-8'
export const problemType = 'application/problem+json; charset=utf-8'

/**
 * Sends a complete body with its length (HEAD: node drops the body, keeps
 * the headers). `headers` is the caller's own object and gets the type and
 * length added: this is the hot path, so no copies.
 */
export function send(
  response: ServerResponse,
  status: number,
  contentType: string,
  body: Buffer | string,
  headers: OutgoingHttpHeaders = {},
): void {
  const buffer = typeof body === 'string' ? Buffer.from(body, 'utf8') : body
  headers['Content-Type'] = contentType
  headers['Content-Length'] = buffer.length
  response.writeHead(status, headers)
  response.end(buffer)
}

export function sendJson(
  response: ServerResponse,
  status: number,
  value: unknown,
  headers?: OutgoingHttpHeaders,
): void {
  send(response, status, jsonType, JSON.stringify(value), headers)
}

/** An empty answer (204, or 201/202 without a body). */
export function sendEmpty(response: ServerResponse, status: number, headers: OutgoingHttpHeaders = {}): void {
  response.writeHead(status, headers)
  response.end()
}

/** An RFC 9457 problem document: {type, title, status, detail} plus extensions. */
export function sendProblem(
  response: ServerResponse,
  status: number,
  detail: string,
  headers: OutgoingHttpHeaders = {},
  extensions: Record<string, unknown> = {},
): void {
  const problem = {
    type: 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail,
    ...extensions,
  }
  send(response, status, problemType, JSON.stringify(problem), headers)
}

export function sendHttpError(response: ServerResponse, error: HttpError): void {
  sendProblem(response, error.status, error.message, { ...error.headers }, error.extensions)
}
