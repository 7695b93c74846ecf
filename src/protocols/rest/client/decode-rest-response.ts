import type { HttpResponse } from '../../../core/exchange.js'
import { headerValue, isJsonType, isXmlType, mediaType, streamFraming } from '../../../core/exchange.js'
import { type ExitCode, exitCodeForStatus } from '../../../core/exit-codes.js'
import { isProbablyBinary } from '../../../core/is-probably-binary.js'
import { MAX_TEXT_BYTES } from '../../../core/size.js'

export type RestBody =
  | { kind: 'empty' }
  | { kind: 'json'; value: unknown; text: string }
  | { kind: 'xml'; text: string }
  /** `problem`: why a body that claims JSON is text after all (said when the body is shown as data). */
  | { kind: 'text'; text: string; problem?: string }
  | { kind: 'binary'; bytes: number }
  /** A body too long to hold (the transport's `more`): its kind by Content-Type, read as it arrives. */
  | StreamedBody

export interface StreamedBody {
  kind: 'stream'
  /**
   * How to read it: by Content-Type; a live stream of JSON (--stream) is
   * read a line at a time, as NDJSON.
   */
  type: 'json' | 'xml' | 'text' | 'binary' | 'event-stream' | 'json-lines'
  /** A live stream (server-sent events, NDJSON, --stream): printed as each part arrives, never held back. */
  live?: boolean
  /** Its beginning, then the rest as it arrives. */
  head: Buffer
  rest: AsyncIterable<Buffer>
}

export interface RestResult {
  method: string
  status: number
  statusText: string
  headers: HttpResponse['headers']
  contentType: string | undefined
  body: RestBody
  /** Things the reader should know whatever the output format (paging stopped early, …). */
  warnings: string[]
  response: HttpResponse
  /** By the status: 4xx → 4, 5xx → 5, else 0 (SPEC §3). */
  exitCode: ExitCode
}

/** Reads a REST response's body by its Content-Type (a JSON claim that does not parse stays text, with its problem). */
export function decodeRestResponse(response: HttpResponse, method: string): RestResult {
  const contentType = headerValue(response.headers, 'content-type')
  const warnings: string[] = []
  const result = (body: RestBody): RestResult => ({
    method,
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
    contentType,
    body,
    warnings,
    response,
    exitCode: exitCodeForStatus(response.status),
  })
  if (method === 'HEAD') return result({ kind: 'empty' })
  if (response.more !== undefined && response.live === true) {
    const type =
      streamFraming(contentType) ??
      (isJsonType(contentType)
        ? 'json-lines'
        : isProbablyBinary(response.body, contentType)
          ? 'binary'
          : 'text')
    return result({ kind: 'stream', type, live: true, head: response.body, rest: response.more })
  }
  if (response.body.length === 0) return result({ kind: 'empty' })
  if (response.more !== undefined) {
    const type = isJsonType(contentType)
      ? 'json'
      : isXmlType(contentType)
        ? 'xml'
        : isProbablyBinary(response.body, contentType)
          ? 'binary'
          : 'text'
    return result({ kind: 'stream', type, head: response.body, rest: response.more })
  }
  // Too long for a JavaScript string: shown as bytes (written as they are, or a notice on a terminal).
  if (response.body.length > MAX_TEXT_BYTES) return result({ kind: 'binary', bytes: response.body.length })
  const text = response.body.toString('utf8')
  if (isJsonType(contentType)) {
    try {
      return result({ kind: 'json', value: JSON.parse(text) as unknown, text })
    } catch (error) {
      const problem = `The body claims ${mediaType(contentType)} but is not valid JSON (${(error as Error).message})`
      return result({ kind: 'text', text, problem })
    }
  }
  if (isXmlType(contentType)) return result({ kind: 'xml', text })
  if (isProbablyBinary(response.body, contentType))
    return result({ kind: 'binary', bytes: response.body.length })
  return result({ kind: 'text', text })
}
