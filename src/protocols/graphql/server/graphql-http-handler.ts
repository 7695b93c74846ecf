import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { type ApolloServer, HeaderMap, type HTTPGraphQLResponse } from '@apollo/server'
import type { GraphQLError, GraphQLSchema } from 'graphql'
import { throttledReason } from '../../../server/kit/auth/authenticator.js'
import { clientKey, type FailureThrottle } from '../../../server/kit/auth/failure-throttle.js'
import { HttpError } from '../../../server/kit/http/http-error.js'
import { readBody } from '../../../server/kit/http/read-body.js'
import { sendProblem } from '../../../server/kit/http/respond.js'
import { createQueryBoundsChecker, tooManyRefused } from './document-bounds.js'
import { documentFailureStatus } from './document-failure-status.js'
import type { GraphqlContext } from './graphql-context.js'
import { internalErrorMessage } from './mask-internal-errors.js'
import { graphqlResponseType, responseMediaType } from './response-media-type.js'

export type GraphqlHttpHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>

export interface GraphqlHttpOptions {
  apollo: ApolloServer<GraphqlContext>
  /** Apollo's schema, to check a document's bounds before Apollo sees it. */
  schema: GraphQLSchema
  /** The endpoint's path; anything below it is 404. */
  path: string
  context(request: IncomingMessage): Promise<GraphqlContext>
  /** Seconds the request's client must wait (too many failed logins), or undefined. */
  throttled?(request: IncomingMessage): number | undefined
  /** Refused documents per client address: past the budget, 429 before the body is read. */
  refusals: FailureThrottle
  log?: ((line: string) => void) | undefined
}

const allow = 'GET, HEAD, POST, OPTIONS'

/** Sends a GraphQL-shaped error (`{"errors": [...]}`) the server writes itself, in the media type the client prefers. */
function sendError(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  message: string,
  headers: OutgoingHttpHeaders = {},
): void {
  const code =
    status >= 500
      ? 'INTERNAL_SERVER_ERROR'
      : status === 404
        ? 'NOT_FOUND'
        : status === 429
          ? 'TOO_MANY_REQUESTS'
          : 'BAD_REQUEST'
  const body = JSON.stringify({ errors: [{ message, extensions: { code } }] })
  response.writeHead(status, {
    ...headers,
    'content-type': responseMediaType(request.headers.accept),
    'content-length': Buffer.byteLength(body),
  })
  response.end(body)
}

/**
 * A document refused by its bounds (depth, aliases, fields, cost), answered
 * as Apollo answers validation failures: 200 in application/json, 400 in
 * application/graphql-response+json (see documentFailureStatus).
 */
function sendDocumentErrors(
  request: IncomingMessage,
  response: ServerResponse,
  errors: readonly GraphQLError[],
): void {
  const type = responseMediaType(request.headers.accept)
  const body = JSON.stringify({ errors: errors.map((error) => error.toJSON()) })
  response.writeHead(type === graphqlResponseType ? 400 : 200, {
    'content-type': type,
    'content-length': Buffer.byteLength(body),
  })
  response.end(body)
}

/** The query text of a request (the JSON body's `query`, or `?query=`), if it has one. */
function queryOf(body: unknown, search: string): string | undefined {
  if (body === undefined) return new URLSearchParams(search).get('query') ?? undefined
  const query = typeof body === 'object' && body !== null ? (body as { query?: unknown }).query : undefined
  return typeof query === 'string' ? query : undefined
}

/** Why a POST body's Content-Type is refused, or undefined for JSON in UTF-8. */
function contentTypeProblem(contentType: string | undefined): string | undefined {
  if (contentType === 'application/json') return undefined
  const [essence = '', ...parameters] = (contentType ?? '').split(';')
  if (essence.trim().toLowerCase() !== 'application/json') {
    return `POST a JSON body with Content-Type: application/json (this one is ${contentType === undefined ? 'missing' : JSON.stringify(contentType.slice(0, 100))})`
  }
  for (const parameter of parameters) {
    const [name = '', value = ''] = parameter.split('=')
    const charset = value.trim().replace(/^"|"$/g, '').toLowerCase()
    if (name.trim().toLowerCase() === 'charset' && charset !== 'utf-8' && charset !== 'utf8') {
      return `the body must be UTF-8, not ${JSON.stringify(value.trim().slice(0, 40))}`
    }
  }
  return undefined
}

/** `/graphql?query=…` → ['/graphql', '?query=…']; absolute-form targets keep only path and query. */
function splitTarget(target: string): [string, string] {
  if (!target.startsWith('/')) {
    try {
      const url = new URL(target)
      return [url.pathname, url.search]
    } catch {
      return ['', '']
    }
  }
  const mark = target.indexOf('?')
  return mark === -1 ? [target, ''] : [target.slice(0, mark), target.slice(mark)]
}

function headerMap(headers: IncomingHttpHeaders): HeaderMap {
  const map = new HeaderMap()
  for (const name in headers) {
    const value = headers[name]
    if (value !== undefined) map.set(name, Array.isArray(value) ? value.join(', ') : value)
  }
  return map
}

/** The POST body as JSON; a body that is not JSON is the client's mistake (400), one over 1 MiB too (413). */
async function readJson(request: IncomingMessage): Promise<unknown> {
  const bytes = await readBody(request)
  try {
    return JSON.parse(bytes.toString('utf8'))
  } catch (error) {
    const reason = bytes.length === 0 ? 'the body is empty' : (error as Error).message
    throw new HttpError(400, `the request body is not valid JSON: ${reason}`)
  }
}

async function writeResult(response: ServerResponse, result: HTTPGraphQLResponse): Promise<void> {
  const headers: OutgoingHttpHeaders = {}
  for (const [name, value] of result.headers) headers[name] = value
  const status = result.status ?? 200
  if (result.body.kind === 'complete') {
    const text = result.body.string
    headers['content-length'] = Buffer.byteLength(text)
    response.writeHead(documentFailureStatus(status, headers['content-type'], text), headers)
    response.end(text)
    return
  }
  response.writeHead(status, headers)
  for await (const chunk of result.body.asyncIterator) response.write(chunk)
  response.end()
}

/**
 * The node:http side of /graphql, around Apollo's
 * `executeHTTPGraphQLRequest` (what Apollo's own integrations do, without
 * express): POST with a JSON body of at most 1 MiB, GET with `?query=` for
 * queries (Apollo's CSRF prevention wants `apollo-require-preflight` or a
 * non-simple Content-Type), HEAD as that GET without a body, OPTIONS.
 * Errors are never an HTML page: a GraphQL request's are a JSON
 * `{"errors": […]}` body; a request that is no GraphQL request at all (405,
 * 415, a path below the endpoint) gets problem+json like the rest of the
 * server. Only a browser asking for HTML gets the landing page. A document
 * over the bounds (documentLimits) is refused here, before Apollo parses and
 * validates it again: a refusal costs one parse and one walk. Refused
 * documents (and ones that do not parse) count against the client's
 * address: past its budget it gets 429 before its body is parsed.
 */
export function createGraphqlHttpHandler(options: GraphqlHttpOptions): GraphqlHttpHandler {
  const { apollo, schema, path, context, throttled, refusals, log } = options
  const checkQueryBounds = createQueryBoundsChecker(schema)
  return async (request, response) => {
    try {
      const method = request.method ?? 'GET'
      const [target, search] = splitTarget(request.url ?? '/')
      // Not GraphQL requests at all: problem+json, like the rest of the server.
      if (target !== path) {
        sendProblem(response, 404, `there is nothing at ${target.slice(0, 200)}; GraphQL is at ${path}`)
        return
      }
      if (method === 'OPTIONS') {
        response.writeHead(204, { allow })
        response.end()
        return
      }
      if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
        const message = `${method.slice(0, 20)} is not allowed on ${path}: POST a JSON body, or GET ?query= for queries`
        sendProblem(response, 405, message, { allow })
        return
      }
      const client = clientKey(request.socket.remoteAddress)
      const loginWait = throttled?.(request)
      const refusalWait = refusals.retryAfter(client)
      if (loginWait !== undefined || refusalWait !== undefined) {
        // The body is read and dropped, keeping the connection (closing it costs more, measured).
        request.resume()
        const [message, wait] =
          loginWait === undefined
            ? [tooManyRefused(refusalWait!), refusalWait!]
            : [throttledReason(loginWait), loginWait]
        sendError(request, response, 429, message, { 'retry-after': String(wait) })
        return
      }
      let body: unknown
      if (method === 'POST') {
        const problem = contentTypeProblem(request.headers['content-type'])
        if (problem !== undefined) {
          sendProblem(response, 415, problem)
          return
        }
        body = await readJson(request)
      }
      // Bounds first, alone: a costly document is refused for the price of its parse.
      const query = queryOf(body, search)
      const bounds = query === undefined ? undefined : checkQueryBounds(query)
      if (bounds !== undefined && (bounds.errors.length > 0 || !bounds.parsed)) refusals.fail(client)
      if (bounds !== undefined && bounds.errors.length > 0) {
        sendDocumentErrors(request, response, bounds.errors)
        return
      }
      // HEAD is the GET without its body (node:http drops the body of a HEAD answer).
      const result = await apollo.executeHTTPGraphQLRequest({
        httpGraphQLRequest: {
          method: method === 'HEAD' ? 'GET' : method,
          headers: headerMap(request.headers),
          search,
          body,
        },
        context: () => context(request),
      })
      await writeResult(response, result)
    } catch (error) {
      if (response.headersSent) {
        response.destroy()
      } else if (error instanceof HttpError) {
        sendError(request, response, error.status, error.message, error.headers)
      } else {
        log?.(
          `graphql: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        )
        sendError(request, response, 500, internalErrorMessage)
      }
    }
  }
}
