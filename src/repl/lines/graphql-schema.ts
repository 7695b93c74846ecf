import type { Context } from '../../core/context.js'
import type { CommonOptions } from '../../core/request-options.js'
import { GraphQLClient } from '../../exchange/graphql/graphql-client.js'
import type { GraphQLWords } from '../../exchange/graphql/graphql-settings.js'
import type { LoadedSchema } from '../../protocols/graphql/client/load-schema.js'
import type { ReplSession } from '../session.js'
import { commonOptions } from './line-options.js'
import { COMPLETION_TIMEOUT_MS, type LoadOptions } from './load-limits.js'

const REPL_WORDS: GraphQLWords = {
  noEndpoint: (profile) =>
    `Give one on the line (gql -e URL { … }), set one (apictl profile add ${profile} --graphql URL), or switch: .profile NAME`,
  schemaHint: (_loaded, endpoint) =>
    endpoint.own
      ? 'See the schema with .schema; Tab completes fields and arguments.'
      : `Checked against the schema of ${endpoint.url}.`,
}

/**
 * The session's GraphQL client, one per profile (its connection): the
 * schema is read once per endpoint (from the disk cache for a configured
 * endpoint, by introspection for the embedded server, whose address changes
 * every run) and kept until the profile changes.
 */
export function sessionGraphQL(session: ReplSession): Promise<GraphQLClient> {
  const { connection } = session
  return connection.once(
    'graphql client',
    async () =>
      new GraphQLClient({
        target: connection.target,
        ctx: session.ctx,
        cache: 'disk+memory',
        keepAlive: true,
        words: REPL_WORDS,
      }),
  )
}

/** `gql -e URL …`: the line's endpoint (the profile's own when it names that one). */
export function lineEndpoint(session: ReplSession, given: string | undefined): string | undefined {
  return given === session.target.graphql ? undefined : given
}

/** `gql -e URL …`: another endpoint than the profile's, introspected with the line's options. */
export interface OtherEndpoint {
  endpoint?: string
  common?: CommonOptions
}

/**
 * The endpoint's schema for `.schema`, `build` and Tab: `refresh` reads it
 * again; Tab loads it with a shorter limit and no spinner (LoadOptions).
 */
export async function sessionSchema(
  session: ReplSession,
  ctx: Context,
  options: LoadOptions & OtherEndpoint = {},
): Promise<LoadedSchema> {
  const client = await sessionGraphQL(session)
  const endpoint = lineEndpoint(session, options.endpoint)
  const loaded = await client.schema({
    common: (endpoint !== undefined && options.common) || session.requestOptions(commonOptions({})),
    profile: session.profile(),
    endpoint,
    refresh: options.refresh,
    completion: options.forCompletion ? { timeoutMs: COMPLETION_TIMEOUT_MS } : undefined,
    signal: ctx.signal,
  })
  // The REPL always may send: the schema is there, or loading it failed.
  return loaded!
}
