import type { Context } from '../core/context.js'
import type { CommonOptions } from '../core/request-options.js'
import { requestDefaults, transportOptions } from '../exchange/request-defaults.js'
import type { Target } from '../exchange/target.js'
import { fetchIntrospection, introspectionCall } from '../protocols/graphql/client/fetch-introspection.js'
import { type LoadedSchema, loadSchema } from '../protocols/graphql/client/load-schema.js'

/**
 * The schema a library client validates against, as `apictl gql` gets it:
 * the endpoint's cached introspection (the same disk cache, per endpoint),
 * else a fresh introspection with the client's headers and credentials,
 * which is then cached. The embedded server's schema is asked for and never
 * cached (its port changes every run). The caller keeps the result for the
 * client's lifetime.
 */
export async function loadClientSchema(
  target: Target,
  endpoint: string,
  common: CommonOptions,
  ctx: Context,
  signal: AbortSignal | undefined,
): Promise<LoadedSchema> {
  const defaults = requestDefaults(common, target.profile)
  const loaded = await loadSchema({
    endpoint,
    cache: !target.builtin,
    mayFetch: true,
    env: ctx.env,
    fetch: () =>
      fetchIntrospection(
        introspectionCall({
          url: endpoint,
          headers: defaults.headers,
          unsetHeaders: defaults.unsetHeaders,
          oauth2: defaults.oauth2,
        }),
        { ...transportOptions(common, target.profile, ctx), keepAlive: true, signal },
      ),
  })
  // mayFetch is true, so loadSchema answers with a schema or throws.
  return loaded!
}

/** The hint of a validation failure, in the library's terms instead of the CLI's. */
export function libraryHint(loaded: LoadedSchema): string {
  return loaded.origin === 'cache'
    ? `${loaded.hint.replace(/;.*$/, '')}; if the server changed since, run apictl gql schema --refresh (same cache dir), or pass { validate: false }.`
    : 'The document does not match the schema; pass { validate: false } to send it anyway.'
}
