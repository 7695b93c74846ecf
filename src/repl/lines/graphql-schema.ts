import type { Context } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import type { CommonOptions } from '../../core/request-options.js'
import { requestDefaults } from '../../exchange/request-defaults.js'
import { fetchIntrospection, introspectionCall } from '../../protocols/graphql/client/fetch-introspection.js'
import { type LoadedSchema, loadSchema } from '../../protocols/graphql/client/load-schema.js'
import { startSpinner } from '../../render/spinner.js'
import type { ReplSession } from '../session.js'
import { commonOptions } from './line-options.js'
import { type LoadOptions, loadTransport } from './load-limits.js'

/** The profile's GraphQL endpoint, or a usage error saying there is none. */
export function graphqlEndpoint(session: ReplSession): string {
  const endpoint = session.target.graphql
  if (endpoint === undefined || endpoint === '') {
    throw new UsageError(`Profile ${session.profileName} has no GraphQL endpoint.`, {
      hint: `Give one on the line (gql -e URL { … }), set one (apictl profile add ${session.profileName} --graphql URL), or switch: .profile NAME`,
    })
  }
  return endpoint
}

/** `gql -e URL …`: another endpoint than the profile's, introspected with the line's options. */
export interface OtherEndpoint {
  endpoint?: string
  common?: CommonOptions
}

/**
 * The endpoint's schema, read once per session (and per profile): from the
 * disk cache for a configured endpoint, by introspection for the embedded
 * server, whose address changes every run. `refresh` reads it again; Tab
 * loads it with a shorter limit and no spinner (LoadOptions).
 */
export function sessionSchema(
  session: ReplSession,
  ctx: Context,
  options: LoadOptions & OtherEndpoint = {},
): Promise<LoadedSchema> {
  const own = options.endpoint === undefined || options.endpoint === session.target.graphql
  const endpoint = own ? graphqlEndpoint(session) : options.endpoint!
  const key = own ? 'schema' : `schema ${endpoint}`
  const refresh = options.refresh === true
  if (refresh) session.connection.forget(key)
  return session.connection.once(key, async () => {
    const common = (!own && options.common) || session.requestOptions(commonOptions({}))
    const profile = session.profile()
    const defaults = requestDefaults(common, profile)
    const loaded = await loadSchema({
      endpoint,
      refresh,
      // The embedded server's port changes every run: its schema is asked for, never cached.
      cache: !(own && session.target.builtin),
      mayFetch: true,
      env: ctx.env,
      fetch: async () => {
        const spinner = options.forCompletion
          ? undefined
          : startSpinner(ctx.stderr, `fetching the schema of ${endpoint}`)
        try {
          const call = introspectionCall({
            url: endpoint,
            headers: defaults.headers,
            unsetHeaders: defaults.unsetHeaders,
            oauth2: defaults.oauth2,
          })
          return await fetchIntrospection(call, loadTransport(common, profile, ctx, options))
        } finally {
          spinner?.stop()
        }
      },
    })
    if (loaded === undefined) throw new UsageError(`No schema is available for ${endpoint}.`)
    return loaded
  })
}
