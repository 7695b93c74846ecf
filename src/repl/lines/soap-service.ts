import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import type { SoapCommandOptions } from '../../cli/commands/soap-command.js'
import type { Context } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import type { CommonOptions } from '../../core/request-options.js'
import { requestDefaults } from '../../exchange/request-defaults.js'
import { builtinWsdlKey, type SoapSession } from '../../exchange/soap/soap-session.js'
import { discoveryError, wsdlUrlFor } from '../../protocols/soap/client/discover-wsdl.js'
import { isUrl, wsdlDocumentFetcher } from '../../protocols/soap/client/fetch-wsdl-document.js'
import { type LoadedService, loadCachedService } from '../../protocols/soap/client/load-service.js'
import type { ReplSession } from '../session.js'
import { commonOptions } from './line-options.js'
import { type LoadOptions, loadTransport } from './load-limits.js'

/**
 * The profile's WSDL description, read once per session: the built-in
 * server's from the cache `apictl soap` shares (its WSDL is fixed per
 * version), a configured one from its URL or file. Undefined when the
 * profile has no WSDL. Tab loads it with a shorter limit (LoadOptions).
 */
export function sessionService(
  session: ReplSession,
  ctx: Context,
  options: LoadOptions = {},
): Promise<LoadedService | undefined> {
  const refresh = options.refresh === true
  if (refresh) session.connection.forget('wsdl')
  return session.connection.once('wsdl', async () => {
    const { target } = session
    if (target.wsdl === undefined) return undefined
    const location = isUrl(target.wsdl) ? target.wsdl : localPath(target.wsdl, ctx)
    return loadCachedService({
      location,
      key: target.builtin ? builtinWsdlKey : location,
      refresh,
      env: ctx.env,
      fetchDocument: sessionFetcher(session, ctx, options),
    })
  })
}

/** As `apictl soap`: with no WSDL in the profile, the one at `<endpoint>?wsdl` (kept for the session). */
async function discoveredService(
  session: ReplSession,
  endpoint: string | undefined,
  ctx: Context,
  refresh = false,
): Promise<LoadedService | undefined> {
  const configured = await sessionService(session, ctx, { refresh })
  const location = wsdlUrlFor(endpoint ?? session.target.soap ?? '')
  if (configured !== undefined || location === undefined) return configured
  const key = `wsdl ${location}`
  if (refresh) session.connection.forget(key)
  return session.connection.once(key, () =>
    loadCachedService({
      location,
      key: location,
      refresh,
      env: ctx.env,
      fetchDocument: sessionFetcher(session, ctx),
    }).catch((error: unknown) => {
      throw discoveryError(
        location,
        error,
        'Add a WSDL to the profile (apictl profile add NAME --wsdl URL), or name the namespace: --ns URI.',
      )
    }),
  )
}

function sessionFetcher(session: ReplSession, ctx: Context, options: LoadOptions = {}) {
  const common = session.requestOptions(commonOptions({}))
  const defaults = requestDefaults(common, session.profile())
  return wsdlDocumentFetcher({
    headers: defaults.headers,
    unsetHeaders: defaults.unsetHeaders,
    oauth2: defaults.oauth2,
    transport: loadTransport(common, session.profile(), ctx, options),
  })
}

/**
 * The session seen as the CLI's SoapSession, so `soap Op a=1` builds its
 * envelope with the very code `apictl soap call` uses (buildSoapMessage,
 * promptSoapCall) against the session's target and WSDL.
 */
export function soapSessionOf(
  session: ReplSession,
  common: CommonOptions,
  options: SoapCommandOptions,
  ctx: Context,
): SoapSession {
  const { target } = session
  return {
    common,
    options,
    builtinWsdl: target.builtin,
    profileName: target.profileName,
    profile: session.profile(),
    target: async () => target,
    service: () => sessionService(session, ctx),
    discoveredService: () => discoveredService(session, options.endpoint, ctx),
    refreshService: () => discoveredService(session, options.endpoint, ctx, true),
    endpoint: async (version) => {
      if (options.endpoint !== undefined) return options.endpoint
      if (target.soap) return target.soap
      const fromWsdl = (await sessionService(session, ctx).catch(() => undefined))?.service.endpoints[version]
      if (fromWsdl) return fromWsdl
      throw new UsageError(
        `No SOAP ${version} endpoint: profile ${target.profileName} has no soap URL and its WSDL gives none.`,
        { hint: 'Give -e URL, or switch to a profile with a soap URL: .profile NAME' },
      )
    },
    close: async () => {},
  }
}

/** A WSDL file named in a profile: `~/` is the home directory, anything else is relative to the current one. */
function localPath(file: string, ctx: Context): string {
  if (file === '~' || file.startsWith('~/')) return join(ctx.env.HOME ?? homedir(), file.slice(1))
  return resolve(ctx.cwd, file)
}
