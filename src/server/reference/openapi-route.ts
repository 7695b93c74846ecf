import type { IncomingMessage, ServerResponse } from 'node:http'
import { openApiDocument } from '../../protocols/rest/server/openapi-document.js'
import { requestBaseUrl } from '../kit/http/base-url.js'
import { sendEmpty, sendJson, sendProblem } from '../kit/http/respond.js'
import { loadSeed } from './seed.js'

export const openApiPath = '/openapi.json'
const allow = 'GET, HEAD, OPTIONS'

/** GET /openapi.json: the REST half's OpenAPI 3.1 document, with the seed's first item as examples. */
export async function handleOpenApi(
  request: IncomingMessage,
  response: ServerResponse,
  origin: string,
): Promise<void> {
  if (request.method === 'OPTIONS') return sendEmpty(response, 204, { Allow: allow })
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return sendProblem(response, 405, `${request.method?.slice(0, 20)} is not allowed here`, { Allow: allow })
  }
  const seed = await loadSeed()
  const [item] = seed.items.values()
  if (item === undefined) return sendProblem(response, 500, 'the seed holds no item to show as an example')
  const review = seed.reviews.get(item.id)?.[0]
  sendJson(response, 200, openApiDocument(requestBaseUrl(request, origin), { item, review }))
}
