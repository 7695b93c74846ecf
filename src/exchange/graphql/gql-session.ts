import type { GqlCommandOptions } from '../../cli/commands/gql-command.js'
import { inCwd } from '../../cli/commands/gql-input.js'
import type { Profile } from '../../config/profile.js'
import type { Context } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import type { CommonOptions } from '../../core/request-options.js'
import { normalizeCommonOptions } from '../../options/common-options.js'
import { fetchIntrospection, introspectionCall } from '../../protocols/graphql/client/fetch-introspection.js'
import type { GraphQLCall, GraphQLMethod } from '../../protocols/graphql/client/graphql-call.js'
import { type LoadedSchema, loadSchema } from '../../protocols/graphql/client/load-schema.js'
import { noteServeDefault } from '../../render/note-serve-default.js'
import { startSpinner } from '../../render/spinner.js'
import { verboseObserver } from '../../render/verbose-observer.js'
import type { TransportOptions } from '../../transport/transport-options.js'
import { openTarget } from '../open-target.js'
import { requestDefaults, transportOptions } from '../request-defaults.js'

/** What every gql command shares once its options are read: the endpoint, the credentials, the transport. */
export interface GqlSession {
  common: CommonOptions
  options: GqlCommandOptions
  endpoint: string
  profile: Profile
  /** Nothing may be sent (--dry-run, --curl). */
  offline: boolean
  /** False for the embedded server (a new port each run): its schema is asked for, never cached. */
  cachesSchema: boolean
  /** The endpoint is the embedded server of the local profile (over the local store). */
  embedded: boolean
  /** A call to the endpoint with the profile's and the command line's headers and auth. */
  call(parts: {
    query: string
    variables?: Record<string, unknown>
    operationName?: string
    method?: GraphQLMethod
  }): GraphQLCall
  transport(): TransportOptions
  /** The schema to validate against (--schema, cache, or introspection); undefined offline with nothing cached. */
  schema(refresh?: boolean): Promise<LoadedSchema | undefined>
  close(): Promise<void>
}

/** `sends: false`: the command sends nothing itself (gql validate), so with --schema it needs no server. */
export async function openGqlSession(
  raw: Record<string, unknown>,
  ctx: Context,
  opening: { sends?: boolean } = {},
): Promise<GqlSession> {
  const common = normalizeCommonOptions(raw as unknown as Parameters<typeof normalizeCommonOptions>[0])
  const options = raw as unknown as GqlCommandOptions
  const needsNoEndpoint =
    opening.sends === false && (options.schema !== undefined || options.validate === false)
  const offline = common.dryRun || common.curl || needsNoEndpoint
  const target = await openTarget(
    { profileName: common.profile, send: !offline && options.endpoint === undefined },
    ctx,
  )
  if (target.builtin && offline && options.endpoint === undefined) noteServeDefault(ctx)
  try {
    const endpoint = checkEndpoint(options.endpoint ?? target.graphql, target.profileName)
    const defaults = requestDefaults(common, target.profile)
    // The embedded server listens on a new port each run: its schema is asked for, not cached.
    const embedded = target.builtin && options.endpoint === undefined
    const cachesSchema = !embedded
    const transport = (): TransportOptions => {
      const settings = transportOptions(common, target.profile, ctx)
      if (common.verbose) settings.observer = verboseObserver(ctx, common)
      return settings
    }
    const call: GqlSession['call'] = (parts) => ({
      url: endpoint,
      query: parts.query,
      variables: parts.variables,
      operationName: parts.operationName,
      method: parts.method ?? 'POST',
      headers: defaults.headers,
      unsetHeaders: defaults.unsetHeaders,
      oauth2: defaults.oauth2,
    })
    return {
      common,
      options,
      endpoint,
      profile: target.profile,
      offline,
      cachesSchema,
      embedded,
      call,
      transport,
      schema: (refresh) =>
        loadSchema({
          endpoint,
          schemaFile: options.schema === undefined ? undefined : inCwd(options.schema, ctx),
          refresh: refresh ?? false,
          cache: cachesSchema,
          mayFetch: !offline,
          env: ctx.env,
          fetch: async () => {
            const spinner = startSpinner(ctx.stderr, `fetching the schema of ${endpoint}`)
            try {
              return await fetchIntrospection(introspectionCall(call({ query: '' })), transport())
            } finally {
              spinner.stop()
            }
          },
        }),
      close: () => target.close(),
    }
  } catch (error) {
    await target.close()
    throw error
  }
}

function checkEndpoint(endpoint: string | undefined, profileName: string): string {
  if (endpoint === undefined || endpoint === '') {
    throw new UsageError(`Profile ${profileName} has no GraphQL endpoint.`, {
      hint: `Pass -e URL, or set one: apictl profile add ${profileName} --graphql URL`,
    })
  }
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    throw new UsageError(`The GraphQL endpoint ${endpoint} is not a URL.`, {
      hint: 'Pass a full URL, e.g. -e http://localhost:4000/graphql',
    })
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`The GraphQL endpoint ${endpoint} is not an http(s) URL.`, {
      hint: 'Pass -e http://host:port/graphql (subscriptions derive ws:// from it).',
    })
  }
  return endpoint
}
