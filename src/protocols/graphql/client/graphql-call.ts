import type { HeaderList, HttpRequest, OAuth2Settings } from '../../../core/exchange.js'

export type GraphQLMethod = 'POST' | 'GET'

/** One GraphQL request, before it is built (buildGraphQLRequest). */
export interface GraphQLCall {
  /** The endpoint, e.g. `http://127.0.0.1:4000/graphql`. */
  url: string
  /** The document text, sent as written (GET: whitespace and comments collapsed). */
  query: string
  variables?: Record<string, unknown>
  /** The operation to run, when it has a name. */
  operationName?: string
  /** GET (--get, queries only) sends URL parameters and `apollo-require-preflight: true`. */
  method: GraphQLMethod
  /** Profile headers, auth, then -H: a later one replaces an earlier one of the same name. */
  headers: HeaderList
  /** Headers not to send, defaults included (`-H 'Name:'`). */
  unsetHeaders?: string[]
  oauth2?: OAuth2Settings
}

/** What a GraphQL server should answer with, best first (GraphQL over HTTP). */
export const GRAPHQL_ACCEPT = 'application/graphql-response+json, application/json'

/** A call and the one HTTP request built from it: --dry-run/--curl print it, sendGraphQLRequest sends it as it is. */
export interface PreparedGraphQLRequest {
  call: GraphQLCall
  request: HttpRequest
}
