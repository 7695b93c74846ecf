import type { Context } from '../../core/context.js'
import type { CommonOptions } from '../../core/request-options.js'
import { resolveRestUrl } from '../../protocols/rest/client/resolve-rest-url.js'
import { verboseObserver } from '../../render/verbose-observer.js'
import type { TransportOptions } from '../../transport/transport-options.js'
import { GraphQLClient } from '../graphql/graphql-client.js'
import { openLazyTarget, readyTarget } from '../open-target.js'
import { requestDefaults, transportOptions } from '../request-defaults.js'
import { openContract } from '../rest/open-contract.js'
import { RestClient } from '../rest/rest-client.js'
import type { RestContract } from '../rest/rest-contract.js'
import { SoapService } from '../soap/soap-service.js'
import type { Target } from '../target.js'

/**
 * The engine clients one run uses, made once over one target: the same
 * RestClient, GraphQLClient and SoapService as `apictl rest`, `gql` and
 * `soap call` (schemas, WSDLs and connections kept for the run).
 */
export interface RunEngines {
  target: Target
  rest: RestClient
  graphql: GraphQLClient
  soap: SoapService
  common: CommonOptions
  ctx: Context
  /** The OpenAPI rules for a REST URL (the profile's document, read once). */
  contract(url: string): Promise<RestContract | undefined>
  /** The transport settings for one request: connections kept, -v. */
  transport(): TransportOptions
  /** A URL or a path (against the profile's REST base). */
  absolute(url: string): string
  close(): Promise<void>
}

export interface OpenEnginesOptions {
  /** An open target (a REPL session's, a library client's), else the profile's is opened (and closed). */
  target?: Target
}

export async function openRunEngines(
  common: CommonOptions,
  ctx: Context,
  options: OpenEnginesOptions = {},
): Promise<RunEngines> {
  const lazy = options.target
    ? readyTarget(options.target)
    : await openLazyTarget({ profileName: common.profile }, ctx)
  const target = await lazy.start()
  const profile = target.profile
  const transport = (): TransportOptions => {
    const settings = { ...transportOptions(common, profile, ctx), keepAlive: true }
    if (common.verbose) settings.observer = verboseObserver(ctx, common)
    return settings
  }
  const rest = new RestClient({ target, cache: 'disk+memory' })
  const graphql = new GraphQLClient({
    target,
    ctx,
    cache: 'disk+memory',
    keepAlive: true,
    words: {
      noEndpoint: (name) =>
        `Give the URL on the GRAPHQL line, or set one: apictl profile add ${name} --graphql URL`,
    },
  })
  const soap = new SoapService({
    target: readyTarget(target),
    cache: 'disk+memory',
    fetchSettings: () => ({ ...requestDefaults(common, profile), transport: transport() }),
    noWsdlHint:
      "Give the profile a WSDL (apictl profile add NAME --wsdl URL), or the operation's namespace with # @ns URI.",
    noEndpointHint:
      'Give the URL on the SOAP line (SOAP GetItem http://host/soap), or a profile with a soap URL.',
    ctx,
  })
  const contracts = new Map<string, Promise<RestContract | undefined>>()
  return {
    target,
    rest,
    graphql,
    soap,
    common,
    ctx,
    transport,
    contract(url) {
      const key = url.startsWith('/') ? '/' : new URL(url).origin
      let pending = contracts.get(key)
      if (pending === undefined) {
        pending = openContract({}, common, target, url, true, ctx).catch(() => undefined)
        contracts.set(key, pending)
      }
      return pending
    },
    absolute: (url) =>
      url.startsWith('/') ? resolveRestUrl(url, target.rest, target.profileName).toString() : url,
    close: () => lazy.close(),
  }
}
