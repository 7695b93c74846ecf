import type { HttpResponse } from '../../../core/exchange.js'
import { headerValue, isJsonType, isXmlType, mediaType } from '../../../core/exchange.js'
import { isProbablyBinary } from '../../../core/is-probably-binary.js'

export type RestBody =
  | { kind: 'empty' }
  | { kind: 'json'; value: unknown; text: string }
  | { kind: 'xml'; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'binary'; bytes: number }

export interface RestResult {
  method: string
  status: number
  statusText: string
  headers: HttpResponse['headers']
  contentType: string | undefined
  body: RestBody
  /** Things the reader should know (a body that claims JSON but does not parse). */
  warnings: string[]
  response: HttpResponse
}

/** Reads a REST response's body by its Content-Type (a JSON claim that does not parse stays text, with a warning). */
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
  })
  if (method === 'HEAD' || response.body.length === 0) return result({ kind: 'empty' })
  const text = response.body.toString('utf8')
  if (isJsonType(contentType)) {
    try {
      return result({ kind: 'json', value: JSON.parse(text) as unknown, text })
    } catch (error) {
      warnings.push(
        `The body claims ${mediaType(contentType)} but is not valid JSON (${(error as Error).message}); shown as received.`,
      )
      return result({ kind: 'text', text })
    }
  }
  if (isXmlType(contentType)) return result({ kind: 'xml', text })
  if (isProbablyBinary(response.body, contentType))
    return result({ kind: 'binary', bytes: response.body.length })
  return result({ kind: 'text', text })
}
