import { ApictlError, ResponseError } from '../../../core/errors.js'
import type { HttpResponse } from '../../../core/exchange.js'
import { headerValue, mediaType } from '../../../core/exchange.js'
import { ExitCode } from '../../../core/exit-codes.js'
import { redactUrl } from '../../../core/redact-url.js'
import { formatSize, MAX_TEXT_BYTES } from '../../../core/size.js'

/** One entry of a response's `errors`, as the server sent it. */
export interface GraphQLResponseError {
  message: string
  path?: Array<string | number>
  locations?: Array<{ line: number; column: number }>
  extensions?: Record<string, unknown>
  [key: string]: unknown
}

/** A GraphQL response, decoded. */
export interface GraphQLResult {
  status: number
  /** The whole response object, as received (`-o json`). */
  body: Record<string, unknown>
  /** `data`, when the response has it (possibly null; partial with errors). */
  data: unknown
  errors: GraphQLResponseError[]
  extensions?: Record<string, unknown>
  response: HttpResponse
  /** 0; 4 for errors or a 4xx; 5 for a 5xx. */
  exitCode: ExitCode
}

/**
 * An answer too long to hold (sendGraphQLRequest's `streamAbove`): its body
 * is `response.body` (the first part) then `response.more`, read by
 * printGraphQLStream. Its exit code is the status's until the body is read
 * (errors in it make it 4).
 */
export interface StreamedGraphQLAnswer {
  kind: 'stream'
  method: string
  status: number
  response: HttpResponse & { more: AsyncIterable<Buffer> }
  exitCode: ExitCode
}

/** An answer's exit code from its status and whether it has errors (SPEC §3). */
export function graphQLExitCode(status: number, hasErrors: boolean): ExitCode {
  if (status >= 500) return ExitCode.ServerFailed
  return hasErrors || status >= 400 ? ExitCode.Rejected : ExitCode.Ok
}

/** The body's JSON, when it was already parsed (by graphql-request's serializer): its value, or that it is not JSON. */
export type BodyJson = { ok: true; value: unknown } | { ok: false }

/**
 * Reads a GraphQL response, whatever its HTTP status: a GraphQL body (with
 * `data` and/or `errors`) decodes, and the exit code follows its errors and
 * status. Anything else (an HTML 502 from a proxy, an empty body, JSON that
 * is not a GraphQL response) is an error that says so: exit 5 for a 5xx,
 * 4 for a 4xx, else 6.
 */
export function decodeGraphQLResponse(
  response: HttpResponse,
  method = 'POST',
  json?: BodyJson,
): GraphQLResult {
  if (response.body.length > MAX_TEXT_BYTES) {
    throw new ResponseError(
      `The GraphQL answer is ${formatSize(response.body.length)}, too large to read as JSON (at most ${formatSize(MAX_TEXT_BYTES)}).`,
      {
        where: `${method} ${redactUrl(response.url)}`,
        hint: 'Ask for less (fewer fields, a smaller page), or lower --max-size to stop such answers sooner.',
      },
    )
  }
  const text = response.body.toString('utf8')
  const body = graphQLBody(json ?? parseJson(text))
  if (body === undefined) throw notGraphQL(response, method, text)
  const errors = (Array.isArray(body.errors) ? body.errors : []).map(toResponseError)
  const exitCode = graphQLExitCode(response.status, errors.length > 0)
  const result: GraphQLResult = { status: response.status, body, data: body.data, errors, response, exitCode }
  if (isRecord(body.extensions)) result.extensions = body.extensions
  return result
}

function parseJson(text: string): BodyJson {
  if (text.trim() === '') return { ok: false }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

function graphQLBody(json: BodyJson): Record<string, unknown> | undefined {
  if (!json.ok) return undefined
  const { value } = json
  if (!isRecord(value) || !('data' in value || 'errors' in value)) return undefined
  if ('errors' in value && value.errors !== undefined && !Array.isArray(value.errors)) return undefined
  if ('data' in value && value.data !== null && value.data !== undefined && !isRecord(value.data))
    return undefined
  return value
}

export function toResponseError(entry: unknown): GraphQLResponseError {
  if (isRecord(entry) && typeof entry.message === 'string') return entry as GraphQLResponseError
  return { message: JSON.stringify(entry) }
}

/** The error for an answer that is not a GraphQL response (`text`: its body, or the first part of a long one). */
export function notGraphQL(response: HttpResponse, method: string, text: string): ApictlError {
  const where = `${method} ${endpointOf(response.url)}`
  const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`
  const what = describeBody(response, text)
  const message = `The server answered ${status} with ${what}, not a GraphQL response.`
  if (response.status >= 500) {
    return new ApictlError(message, ExitCode.ServerFailed, {
      where,
      hint: 'The server (or a proxy in front of it) failed; try again later, or look closer with -v.',
    })
  }
  if (response.status >= 400) {
    return new ApictlError(message, ExitCode.Rejected, {
      where,
      hint: 'Check the endpoint (-e URL) and the credentials; -v shows the exchange.',
    })
  }
  if (response.status >= 300) {
    const location = headerValue(response.headers, 'location')
    return new ResponseError(message, {
      where,
      hint: location ? `It redirects to ${location}; pass that as -e.` : 'Check the endpoint (-e URL).',
    })
  }
  return new ResponseError(message, {
    where,
    hint: 'Check that -e points at a GraphQL endpoint (often …/graphql); -v shows the exchange.',
  })
}

function describeBody(response: HttpResponse, text: string): string {
  if (text.trim() === '') return 'an empty body'
  const type = mediaType(headerValue(response.headers, 'content-type')) || 'no content type'
  const title = /<title[^>]*>([^<]{1,80})<\/title>/i.exec(text)?.[1]?.trim()
  const flat = text.replace(/\s+/g, ' ').trim()
  const excerpt = title ?? (flat.length > 60 ? `${flat.slice(0, 60)}…` : flat)
  return `${type} (${JSON.stringify(excerpt)})`
}

/** The URL without a GET's GraphQL parameters (long, and they say nothing here); other parameters stay. */
function endpointOf(url: string): string {
  try {
    const parsed = new URL(url)
    for (const name of ['query', 'variables', 'operationName', 'extensions']) parsed.searchParams.delete(name)
    return parsed.toString()
  } catch {
    return url
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
