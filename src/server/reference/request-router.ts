import type { IncomingMessage, ServerResponse } from 'node:http'
import type { RestHandler } from '../../protocols/rest/server/rest-handler.js'
import type { Authenticator } from '../kit/auth/authenticator.js'
import { handleTokenRequest, tokenPath } from '../kit/auth/token-endpoint.js'
import { sendEmpty, sendProblem } from '../kit/http/respond.js'
import { respondError } from '../kit/http/respond-error.js'
import { mountMatches } from '../kit/mount.js'
import type { LazyMount } from './lazy-mount.js'
import { handleOpenApi, openApiPath } from './openapi-route.js'
import { handleIndex } from './server-index.js'

export interface RouterParts {
  rest: RestHandler
  auth: Authenticator
  mounts: readonly LazyMount[]
  log?: ((line: string) => void) | undefined
  /** The server's own origin, for absolute URLs when the Host header is unusable. */
  origin?: () => string
}

/** `/path?query` → [path, query]; absolute-form targets (`http://h/p`) keep only their path. */
function splitTarget(target: string): [string, string] | undefined {
  let pathAndQuery = target
  if (!target.startsWith('/')) {
    if (!/^https?:\/\//i.test(target)) return undefined
    try {
      const url = new URL(target)
      pathAndQuery = url.pathname + url.search
    } catch {
      return undefined
    }
  }
  const mark = pathAndQuery.indexOf('?')
  return mark === -1 ? [pathAndQuery, ''] : [pathAndQuery.slice(0, mark), pathAndQuery.slice(mark + 1)]
}

/** Sends each request to its half: REST, the token endpoint, a lazy mount, the index, or 404. */
export function createRouter(
  parts: RouterParts,
): (request: IncomingMessage, response: ServerResponse) => void {
  const fail = (response: ServerResponse) => (error: unknown) => respondError(response, error, parts.log)
  return (request, response) => {
    const target = splitTarget(request.url ?? '/')
    if (target === undefined) {
      if (request.url === '*' && request.method === 'OPTIONS')
        sendEmpty(response, 204, { Allow: 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS' })
      else sendProblem(response, 400, 'the request target must be a path such as /v1/items')
      return
    }
    const [path, query] = target
    if (path.startsWith('/v1/') || path.startsWith('/v2/')) {
      parts.rest(request, response, path, query)
      return
    }
    if (path === tokenPath) {
      handleTokenRequest(request, response, parts.auth).catch(fail(response))
      return
    }
    if (path === openApiPath) {
      handleOpenApi(request, response, parts.origin?.() ?? 'http://127.0.0.1').catch(fail(response))
      return
    }
    for (const mount of parts.mounts) {
      if (mountMatches(mount.definition, path)) {
        mount.handle(request, response).catch(fail(response))
        return
      }
    }
    if (path === '/') handleIndex(request, response)
    else sendProblem(response, 404, `there is nothing at ${path.slice(0, 200)}; REST lives under /v1 and /v2`)
  }
}
