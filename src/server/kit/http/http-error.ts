import type { OutgoingHttpHeaders } from 'node:http'

/**
 * An error that is an HTTP answer: thrown anywhere in a handler, turned into
 * an `application/problem+json` response (RFC 9457) by the dispatcher.
 */
export class HttpError extends Error {
  readonly status: number
  readonly headers: OutgoingHttpHeaders
  /** Extension members of the problem document (e.g. `errors` for 422). */
  readonly extensions: Record<string, unknown>

  constructor(
    status: number,
    detail: string,
    options: { headers?: OutgoingHttpHeaders; extensions?: Record<string, unknown> } = {},
  ) {
    super(detail)
    this.name = 'HttpError'
    this.status = status
    this.headers = options.headers ?? {}
    this.extensions = options.extensions ?? {}
  }
}
