import { UsageError } from '../../../core/errors.js'
import type { Headers, HttpRequest } from '../../../core/exchange.js'
import { joinHeaderValues, withHeader, withoutHeader } from '../../../core/exchange.js'
import { VERSION } from '../../../core/version.js'
import { GRAPHQL_ACCEPT, type GraphQLCall, type PreparedGraphQLRequest } from './graphql-call.js'

/** Pure: a call with the one request built from it, for --dry-run/--curl and for sendGraphQLRequest. */
export function prepareGraphQLRequest(call: GraphQLCall): PreparedGraphQLRequest {
  return { call, request: buildGraphQLRequest(call) }
}

/**
 * Pure: the HTTP request a GraphQL call sends. --dry-run and --curl print
 * exactly this, and sendGraphQLRequest sends it as it is: POST
 * `{"query","variables","operationName"}` as JSON, or GET with `operationName`, `query` (whitespace and comments collapsed, as
 * graphql-request does) and `variables` as URL parameters.
 */
export function buildGraphQLRequest(call: GraphQLCall): HttpRequest {
  const headers = graphQLHeaders(call)
  const request: HttpRequest = { method: call.method, url: call.url, headers }
  if (call.method === 'GET') {
    const url = new URL(call.url)
    if (call.operationName !== undefined) url.searchParams.append('operationName', call.operationName)
    url.searchParams.append('query', getQueryText(call.query))
    if (call.variables !== undefined) url.searchParams.append('variables', JSON.stringify(call.variables))
    request.url = url.toString()
  } else {
    request.body = postBody(call)
  }
  if (call.oauth2) request.oauth2 = call.oauth2
  return request
}

/** The headers every GraphQL request carries, then the caller's, minus the unset ones. */
export function graphQLHeaders(call: GraphQLCall): Record<string, string> {
  let headers: Headers = { 'User-Agent': `apictl/${VERSION}`, Accept: GRAPHQL_ACCEPT }
  if (call.method === 'POST') headers['Content-Type'] = 'application/json'
  else headers['apollo-require-preflight'] = 'true'
  for (const [name, value] of call.headers) headers = withHeader(headers, name, value)
  for (const name of call.unsetHeaders ?? []) headers = withoutHeader(headers, name)
  // One value per name, as graphql-request (over fetch's Headers) sends them: a repeated header is joined.
  return joinHeaderValues(headers)
}

/** `{"query":…,"variables":…,"operationName":…}`, the keys graphql-request would write, in its order. */
function postBody(call: GraphQLCall): string {
  return JSON.stringify({ query: call.query, variables: call.variables, operationName: call.operationName })
}

/** graphql-request's `cleanQuery` for GET: runs of whitespace, commas and comments become one space. */
export function cleanQuery(query: string): string {
  return query.replace(/([\s,]|#[^\n\r]+)+/g, ' ').trim()
}

/**
 * The `query` parameter of a GET. Collapsing whitespace must not change a
 * string literal (`"a,  b"` would become `"a b"`): such a document is refused
 * with a hint to pass the value as a variable instead.
 */
export function getQueryText(query: string): string {
  for (const literal of query.match(/"""[\s\S]*?"""|"(?:[^"\\\n\r]|\\.)*"/g) ?? []) {
    if (cleanQuery(literal) !== literal) {
      throw new UsageError(
        `--get would change the string ${literal.length > 40 ? `${literal.slice(0, 40)}…` : literal} (GET collapses whitespace and commas).`,
        { hint: 'Pass the value as a variable (--var name=value), or send it without --get.' },
      )
    }
  }
  return cleanQuery(query)
}
