import type { DocumentNode } from 'graphql'
import type { Context } from '../core/context.js'
import { isApictlError, UsageError } from '../core/errors.js'
import { ExitCode } from '../core/exit-codes.js'
import type { CommonOptions } from '../core/request-options.js'
import { requestDefaults, transportOptions } from '../exchange/request-defaults.js'
import type { Target } from '../exchange/target.js'
import type {
  GraphQLResponseError,
  GraphQLResult,
} from '../protocols/graphql/client/decode-graphql-response.js'
import type { LoadedSchema } from '../protocols/graphql/client/load-schema.js'
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
 * `client.query` / `client.mutate`: the same parse → validate against the
 * schema → build → send (graphql-request over the transport) → decode as
 * `apictl gql`, resolved to `{ data, error }`. The schema is read once per
 * client (disk-cached per endpoint as the CLI does, never for the embedded
 * server); a document that does not validate is `{ error }` with exit code 2
 * and nothing is sent. `validate: false` (per client or per call) skips it,
 * like `--no-validate`. The GraphQL modules load on the first call, so
 * REST-only programs never load them.
 */
export function createGraphQLApi(
  getTarget: () => Promise<Target>,
  common: CommonOptions,
  ctx: Context,
  settings: { validate?: boolean } = {},
): GraphQLApi {
  let schema: Promise<LoadedSchema> | undefined
  const loadSchemaOnce = async (target: Target, endpoint: string, signal: AbortSignal | undefined) => {
    const { loadClientSchema } = await import('./graphql-schema.js')
    schema ??= loadClientSchema(target, endpoint, common, ctx, signal).catch((error: unknown) => {
      schema = undefined
      throw error
    })
    return schema
  }
  async function call<T>(kind: Kind, document: string | DocumentNode, options: GraphQLRequestOptions = {}) {
    try {
      const [{ print }, { parseDocument }, { selectOperation }, { checkOperation }, { sendGraphQLRequest }] =
        await Promise.all([
          import('graphql'),
          import('../protocols/graphql/client/parse-document.js'),
          import('../protocols/graphql/client/select-operation.js'),
          import('../protocols/graphql/client/check-operation.js'),
          import('../protocols/graphql/client/send-graphql-request.js'),
        ])
      const text = typeof document === 'string' ? document : (document.loc?.source.body ?? print(document))
      const parsed = parseDocument({ text, name: 'document' })
      checkKind(kind, selectOperation(parsed, options.operationName).operation)
      const target = await getTarget()
      if (!target.graphql) {
        throw new UsageError(`Profile ${target.profileName} has no GraphQL endpoint.`, {
          hint: "Give one: createClient({ graphql: 'http://host/graphql' }).",
        })
      }
      const validate = options.validate ?? settings.validate ?? true
      const loaded = validate ? await loadSchemaOnce(target, target.graphql, options.signal) : undefined
      const checked = checkOperation(parsed, {
        schema: loaded?.schema,
        schemaHint: loaded && (await import('./graphql-schema.js')).libraryHint(loaded),
        operationName: options.operationName,
        variables: options.variables,
      })
      const defaults = requestDefaults(common, target.profile)
      const result = await sendGraphQLRequest(
        {
          url: target.graphql,
          query: text,
          variables: checked.variables,
          operationName: checked.name,
          method: options.get === true && kind === 'query' ? 'GET' : 'POST',
          headers: [...defaults.headers, ...Object.entries(options.headers ?? {})],
          unsetHeaders: defaults.unsetHeaders,
          oauth2: defaults.oauth2,
        },
        { ...transportOptions(common, target.profile, ctx), keepAlive: true, signal: options.signal },
      )
      return toResponse<T>(result)
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

/** query() given a mutation, or mutate() a query: a usage error saying which to use. */
function checkKind(kind: Kind, operation: string): void {
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
