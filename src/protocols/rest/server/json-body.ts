import type { IncomingMessage } from 'node:http'
import { mediaType } from '../../../core/exchange.js'
import { HttpError } from '../../../server/kit/http/http-error.js'
import { readBody } from '../../../server/kit/http/read-body.js'

const mergePatchType = 'application/merge-patch+json'
const decoder = new TextDecoder('utf-8', { fatal: true })

function acceptsType(type: string, patch: boolean): boolean {
  if (type === 'application/json') return true
  return patch && type === mergePatchType
}

function charsetIsUtf8(contentType: string): boolean {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)
  return match === null || /^utf-?8$/i.test(match[1]!)
}

/**
 * The JSON body of a write: 415 for another media type (PATCH also takes
 * application/merge-patch+json), 413 past the size limit, 400 for an empty
 * body, bytes that are not UTF-8, or text that is not JSON.
 */
export async function readJsonBody(request: IncomingMessage, options: { patch: boolean }): Promise<unknown> {
  const contentType = request.headers['content-type'] ?? ''
  const type = mediaType(contentType)
  if (!acceptsType(type, options.patch) || !charsetIsUtf8(contentType)) {
    const accepted = options.patch ? `application/json or ${mergePatchType}` : 'application/json'
    const given =
      contentType === '' ? 'no Content-Type' : `Content-Type ${JSON.stringify(contentType.slice(0, 80))}`
    throw new HttpError(415, `this request sent ${given}; send ${accepted} (UTF-8)`, {
      headers: options.patch ? { 'Accept-Patch': `application/json, ${mergePatchType}` } : {},
    })
  }
  const body = await readBody(request)
  if (body.length === 0) throw new HttpError(400, 'the request body is empty; send a JSON object')
  let text: string
  try {
    text = decoder.decode(body)
  } catch {
    throw new HttpError(400, 'the request body is not valid UTF-8')
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new HttpError(400, `the request body is not valid JSON: ${(error as Error).message}`)
  }
}
