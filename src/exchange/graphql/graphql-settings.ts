import type { Profile } from '../../config/profile.js'
import type { Context } from '../../core/context.js'
import type { HeaderList } from '../../core/exchange.js'
import type { CommonOptions } from '../../core/request-options.js'
import type { CheckedOperation } from '../../protocols/graphql/client/check-operation.js'
import type { DocumentSource } from '../../protocols/graphql/client/document-error.js'
import type { LoadedSchema } from '../../protocols/graphql/client/load-schema.js'
import type { SubscriptionRequest } from '../../protocols/graphql/client/run-subscription.js'
import type { TokenStore } from '../../transport/transport-options.js'
import type { CachePolicy } from '../cache-policy.js'
import type { Target } from '../target.js'
import type { GraphQLEndpoint } from './graphql-endpoint.js'

export type OperationType = CheckedOperation['type']

/** What only the surface can word: the CLI, the REPL and the library each say it in their own terms. */
export interface GraphQLWords {
  /** What to try when the profile has no GraphQL endpoint. */
  noEndpoint(profileName: string): string
  /** What to try when a document does not validate against `loaded` (default: its own hint). */
  schemaHint?(loaded: LoadedSchema, endpoint: GraphQLEndpoint): string
}

export interface GraphQLClientOptions {
  /** The target, or how to open it on first use (the library's, shared with REST and SOAP). */
  target: Target | (() => Promise<Target>)
  ctx: Context
  /**
   * The cache policy: the disk cache is read and written for every endpoint
   * but the embedded server's own; `disk+memory` also keeps each endpoint's
   * schema for the client's life (a REPL session, a library client).
   */
  cache: CachePolicy
  /** Nothing may be sent (CLI --dry-run/--curl, gql validate --schema): a schema comes from a file or the cache. */
  offline?: boolean
  /** Connections kept open between calls (the REPL, the library). */
  keepAlive?: boolean
  /** OAuth 2.0 tokens when the policy keeps nothing on disk (the library client's, shared by its three styles). */
  tokens?: TokenStore
  words: GraphQLWords
}

/** What one call says besides its document: a CLI run's options, a REPL line's, a library call's. */
export interface GraphQLCallSettings {
  common: CommonOptions
  /** Whose headers and credentials are sent: the target's profile unless given (the REPL's after `.auth none`). */
  profile?: Profile
  /** -e URL: another endpoint than the target's. */
  endpoint?: string
  /** Sent after every other header (a library call's own). */
  headers?: HeaderList
  /** Ends the call (a REPL line's Ctrl-C, a library call's signal). */
  signal?: AbortSignal
}

export interface SchemaSettings extends GraphQLCallSettings {
  /** --schema FILE (a path): SDL or an introspection result. */
  schemaFile?: string
  /** Fetch it again (gql schema --refresh, .schema refresh). */
  refresh?: boolean
  /** Tab completion: no spinner (it would erase the line being edited), and at most this time limit. */
  completion?: { timeoutMs: number }
}

export interface DocumentSettings extends SchemaSettings {
  /** false: --no-validate (the syntax is still checked). */
  validate: boolean
  operationName?: string
  variables?: Record<string, unknown>
  /** --var name=value items, coerced by the declared types. */
  variableOptions?: readonly string[]
  /** The REPL's `var` items by name: those the operation declares are sent. */
  sessionVariables?: ReadonlyMap<string, string>
  /** --get: a query as GET with URL parameters; a mutation is refused. */
  get?: boolean
  /** The surface's rule on the operation's type (`gql` sends no subscription), checked before the schema is read. */
  accepts?(type: OperationType): void
}

/** A document that passed the checks, with everything prepare needs. */
export interface CheckedDocument {
  source: DocumentSource
  settings: DocumentSettings
  target: Target
  endpoint: GraphQLEndpoint
  operation: CheckedOperation
  loaded?: LoadedSchema
}

/** What a running subscription reports, and when it stops besides completion. */
export interface SubscriptionHandlers
  extends Pick<SubscriptionRequest, 'count' | 'signal' | 'onConnected' | 'onEvent'> {
  /** The upgrade request about to be made, its OAuth 2.0 token added (-v prints it). */
  onRequest?(url: string, headers: Record<string, string>): void
}
