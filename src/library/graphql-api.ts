import type { DocumentNode } from 'graphql'
import type { Context } from '../core/context.js'
import { isApictlError, UsageError } from '../core/errors.js'
import { ExitCode } from '../core/exit-codes.js'
import type { CommonOptions } from '../core/request-options.js'
import type { GraphQLClient } from '../exchange/graphql/graphql-client.js'
import type { GraphQLWords, OperationType } from '../exchange/graphql/graphql-settings.js'
import type { Target } from '../exchange/target.js'
import type {
  GraphQLResponseError,
  GraphQLResult,
} from '../protocols/graphql/client/decode-graphql-response.js'
import type { TokenStore } from '../transport/transport-options.js'
import { toApiError } from './api-error.js'
import type { ApiError } from './client-options.js'

export type { GraphQLResponseError }

export interface GraphQLRequestOptions<V extends Record<string, unknown> = Record<string, unknown>> {
  variables?: V
  /** The operation to run when the document holds several. */
  operationName?: string
  headers?: Record<string, string>
  /** query() only: send as GET with URL parameters (and `apollo-require-preflight: true`). */
  get?: boolean
  /**
   * Check the document against the endpoint's schema before sending (default
   * true, or the client's `validate`); false sends it unchecked, like
   * `apictl gql --no-validate`.
   */
  validate?: boolean
  signal?: AbortSignal
}

/** A GraphQL call's outcome: `data` (partial data too), the server's `errors`, and `error` whenever something went wrong. */
export interface GraphQLResponse<T = Record<string, unknown>> {
  data?: T | null
  /** The response's `errors`, as the server sent them. */
  errors?: GraphQLResponseError[]
  extensions?: Record<string, unknown>
  /** HTTP status, when the server answered. */
  status?: number
  /** GraphQL errors (exit code 4/5), a network failure (3), a bad document (2) or a non-GraphQL answer (5/6). */
  error?: ApiError
}

export interface GraphQLApi {
  query<T = Record<string, unknown>>(
    document: string | DocumentNode,
    options?: GraphQLRequestOptions,
  ): Promise<GraphQLResponse<T>>
  mutate<T = Record<string, unknown>>(
    document: string | DocumentNode,
    options?: GraphQLRequestOptions,
  ): Promise<GraphQLResponse<T>>
}

type Kind = 'query' | 'mutation'

/**
 * `client.query` / `client.mutate`: the same GraphQLClient as `apictl gql`
 * (parse → choose the operation → validate against the schema → build →
 * send with graphql-request over the transport → decode), resolved to
 * `{ data, error }`. The schema is read once per client and kept in memory
 * (the client's cache policy: nothing on disk); a document that
 * does not validate is `{ error }` with exit code 2 and nothing is sent.
 * `validate: false` (per client or per call) skips it, like `--no-validate`.
 * The GraphQL modules load on the first call, so REST-only programs never
 * load them.
 */
export function createGraphQLApi(
  getTarget: () => Promise<Target>,
  common: CommonOptions,
  ctx: Context,
  settings: { validate?: boolean; tokens?: TokenStore } = {},
): GraphQLApi {
  let client: Promise<GraphQLClient> | undefined
  const clientOnce = () =>
    (client ??= import('../exchange/graphql/graphql-client.js').then(
      ({ GraphQLClient }) =>
        new GraphQLClient({
          target: getTarget,
          ctx,
          cache: 'memory',
          keepAlive: true,
          tokens: settings.tokens,
          words: LIBRARY_WORDS,
        }),
    ))
  async function call<T>(kind: Kind, document: string | DocumentNode, options: GraphQLRequestOptions = {}) {
    try {
      const [{ print }, graphql] = await Promise.all([import('graphql'), clientOnce()])
      const text = typeof document === 'string' ? document : (document.loc?.source.body ?? print(document))
      const checked = await graphql.check(
        { text, name: 'document' },
        {
          common,
          headers: Object.entries(options.headers ?? {}),
          signal: options.signal,
          validate: options.validate ?? settings.validate ?? true,
          operationName: options.operationName,
          variables: options.variables,
          get: options.get === true && kind === 'query',
          accepts: (type) => checkKind(kind, type),
        },
      )
      return toResponse<T>(await graphql.send(graphql.prepare(checked), checked.settings))
    } catch (error) {
      if (!isApictlError(error)) throw error
      return { error: toApiError(error) } as GraphQLResponse<T>
    }
  }
  return {
    query: (document, options) => call('query', document, options),
    mutate: (document, options) => call('mutation', document, options),
  }
}

const LIBRARY_WORDS: GraphQLWords = {
  noEndpoint: () => "Give one: createClient({ graphql: 'http://host/graphql' }).",
  schemaHint: (loaded) =>
    loaded.origin === 'cache'
      ? `${loaded.hint.replace(/;.*$/, '')}; if the server changed since, run apictl gql schema --refresh (same cache dir), or pass { validate: false }.`
      : 'The document does not match the schema; pass { validate: false } to send it anyway.',
}

/** query() given a mutation, or mutate() a query: a usage error saying which to use. */
function checkKind(kind: Kind, operation: OperationType): void {
  if (operation === kind) return
  throw new UsageError(`${kind === 'query' ? 'query()' : 'mutate()'} was given a ${operation}.`, {
    hint:
      operation === 'subscription'
        ? 'Subscriptions run over a WebSocket: apictl gql subscribe.'
        : `Use ${operation === 'query' ? 'query()' : 'mutate()'} for it.`,
  })
}

function toResponse<T>(result: GraphQLResult): GraphQLResponse<T> {
  const response: GraphQLResponse<T> = { data: result.data as T | null | undefined, status: result.status }
  if (result.errors.length > 0) response.errors = result.errors
  if (result.extensions) response.extensions = result.extensions
  if (result.exitCode !== ExitCode.Ok) {
    const messages = result.errors.map((error) => error.message)
    response.error = {
      message:
        messages.length > 0 ? messages.join('; ') : `HTTP ${result.status} ${result.response.statusText}`,
      exitCode: result.exitCode,
      status: result.status,
      where: result.response.url,
    }
  }
  return response
}
