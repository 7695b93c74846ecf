import type { IncomingMessage, ServerResponse } from 'node:http'
import { sendEmpty, sendJson, sendProblem } from '../kit/http/respond.js'

const allow = 'GET, HEAD, OPTIONS'
const index = {
  name: 'apictl reference server',
  rest: { v1: '/v1/items', v2: '/v2/items' },
  graphql: '/graphql',
  soap: '/soap',
  wsdl: '/soap?wsdl',
  token: '/oauth/token',
  openapi: '/openapi.json',
}

/** GET /: where each style is served, for someone who points curl at the root. */
export function handleIndex(request: IncomingMessage, response: ServerResponse): void {
  if (request.method === 'GET' || request.method === 'HEAD') sendJson(response, 200, index)
  else if (request.method === 'OPTIONS') sendEmpty(response, 204, { Allow: allow })
  else sendProblem(response, 405, `${request.method} is not allowed here`, { Allow: allow })
}
