import { GraphQLClient, type RequestInitExtended } from 'graphql-request'
import { isApictlError } from '../../../core/errors.js'
import type { SendFunction, TransportOptions } from '../../../transport/transport-options.js'
import { graphQLHeaders, withOperationName } from './build-graphql-request.js'
import { decodeGraphQLResponse, type GraphQLResult } from './decode-graphql-response.js'
import { FetchHeaders, type FetchHeadersInit } from './fetch-headers.js'
import type { GraphQLCall } from './graphql-call.js'
import { transportFetch } from './transport-fetch.js'

/**
 * Sends a GraphQL call with graphql-request, whose `fetch` is the shared
 * transport (time limit, retries, TLS, OAuth 2.0 and -v as for REST), then
 * decodes the response the transport returned. graphql-request's own verdict
 * is not needed: the decoder reads every status and body the same way.
 */
export async function sendGraphQLRequest(
  call: GraphQLCall,
  transport: TransportOptions,
  send?: SendFunction,
): Promise<GraphQLResult> {
  const headers = graphQLHeaders(call)
  const exchange = transportFetch(transport, { headerNames: Object.keys(headers), oauth2: call.oauth2, send })
  const client = new GraphQLClient(call.url, {
    fetch: exchange.fetch,
    method: call.method,
    headers,
    // The document is already parsed and its operation chosen: graphql-request need not parse it again.
    excludeOperationName: true,
    errorPolicy: 'all',
    requestMiddleware: (request) => finishRequest(request, call),
  })
  try {
    await client.rawRequest(call.query, call.variables)
  } catch (error) {
    if (isApictlError(error) || exchange.lastResponse() === undefined) throw error
  }
  return decodeGraphQLResponse(exchange.lastResponse()!, call.method)
}

/** Adds the chosen operation's name and drops the headers the user unset (graphql-request would add Accept back). */
function finishRequest(request: RequestInitExtended, call: GraphQLCall): RequestInitExtended {
  const headers = new FetchHeaders(request.headers as FetchHeadersInit | undefined)
  for (const name of call.unsetHeaders ?? []) headers.delete(name)
  const finished = { ...request, headers: headers as unknown as Headers }
  if (call.operationName === undefined) return finished
  if (call.method === 'GET') {
    const url = new URL(request.url)
    url.searchParams.append('operationName', call.operationName)
    return { ...finished, url: url.toString() }
  }
  return typeof request.body === 'string'
    ? { ...finished, body: withOperationName(request.body, call.operationName) }
    : finished
}
