import type { IncomingMessage, ServerResponse } from 'node:http'
import { sendEmpty, sendProblem } from '../../../server/kit/http/respond.js'
import { respondError } from '../../../server/kit/http/respond-error.js'
import { createItem, deleteItem, getItem, listItems, patchItem, replaceItem } from './item-handlers.js'
import { jsonContentType, type Negotiated, negotiateFormat } from './negotiation.js'
import { representations } from './representation.js'
import { type RestExchange, type RestServices, requireAuth } from './rest-exchange.js'
import { createReview, getReview, listReviews } from './review-handlers.js'
import { allowedMethods, matchRoute, type RestRoute, type RouteKind, routeTemplates } from './routes.js'

const jsonAnswer: Negotiated = { format: 'json', contentType: jsonContentType }

type Handler = (exchange: RestExchange) => void | Promise<void>

/** Writes check credentials first (reads are open). */
function authorised(handler: Handler): Handler {
  return async (exchange) => {
    await requireAuth(exchange, exchange.services.auth)
    await handler(exchange)
  }
}

const handlers: Record<RouteKind, Record<string, Handler>> = {
  items: { GET: listItems, HEAD: listItems, POST: authorised(createItem) },
  item: {
    GET: getItem,
    HEAD: getItem,
    PUT: authorised(replaceItem),
    PATCH: authorised(patchItem),
    DELETE: authorised(deleteItem),
  },
  reviews: { GET: listReviews, HEAD: listReviews, POST: authorised(createReview) },
  review: { GET: getReview, HEAD: getReview },
}

/**
 * What the handler really serves, as `METHOD /vN/template` pairs: the
 * handler table plus OPTIONS on every route. The OpenAPI document is
 * tested against this list both ways.
 */
export function servedOperations(): Array<{ method: string; path: string }> {
  const served: Array<{ method: string; path: string }> = []
  for (const version of ['v1', 'v2'] as const) {
    for (const kind of Object.keys(handlers) as RouteKind[]) {
      for (const method of [...Object.keys(handlers[kind]), 'OPTIONS'])
        served.push({ method, path: `/${version}${routeTemplates[kind]}` })
    }
  }
  return served
}

export type RestHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  query: string,
) => void

/**
 * The REST half (SPEC §7): /v1 and /v2 over the shared store. Routing,
 * OPTIONS/405 with Allow and content negotiation happen here; each route's
 * work is in item-handlers and review-handlers. Reads answer synchronously.
 */
export function createRestHandler(services: RestServices): RestHandler {
  return (request, response, path, query) => {
    let route: RestRoute | undefined
    try {
      route = matchRoute(path)
    } catch (error) {
      respondError(response, error, services.log)
      return
    }
    if (route === undefined) {
      sendProblem(response, 404, `there is no resource at ${path.slice(0, 200)}; try /v1/items or /v2/items`)
      return
    }
    const method = request.method ?? 'GET'
    const allow = allowedMethods[route.kind]
    if (method === 'OPTIONS') {
      sendEmpty(response, 204, { Allow: allow })
      return
    }
    const table = handlers[route.kind]
    const handler = Object.hasOwn(table, method) ? table[method] : undefined
    if (handler === undefined) {
      sendProblem(response, 405, `${method.slice(0, 20)} is not allowed here; allowed: ${allow}`, {
        Allow: allow,
      })
      return
    }
    const negotiated = method === 'DELETE' ? jsonAnswer : negotiateFormat(request.headers.accept)
    if (negotiated === undefined) {
      sendProblem(
        response,
        406,
        'this resource is available as application/json, application/xml or text/xml',
        { Vary: 'Accept' },
      )
      return
    }
    const exchange: RestExchange = {
      request,
      response,
      route,
      query,
      representation: representations[route.version],
      format: negotiated.format,
      contentType: negotiated.contentType,
      services,
    }
    try {
      const pending = handler(exchange)
      if (pending !== undefined)
        pending.catch((error: unknown) => respondError(response, error, services.log))
    } catch (error) {
      respondError(response, error, services.log)
    }
  }
}
