import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import type { SoapCommandOptions } from '../../cli/commands/soap-command.js'
import type { Profile } from '../../config/profile.js'
import type { Context } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import type { CommonOptions } from '../../core/request-options.js'
import { VERSION } from '../../core/version.js'
import { normalizeCommonOptions } from '../../options/common-options.js'
import { discoveryError, wsdlUrlFor } from '../../protocols/soap/client/discover-wsdl.js'
import { isUrl, wsdlDocumentFetcher } from '../../protocols/soap/client/fetch-wsdl-document.js'
import { type LoadedService, loadCachedService } from '../../protocols/soap/client/load-service.js'
import type { SoapVersionId } from '../../protocols/soap/soap-version.js'
import { writeWarning } from '../../render/write-warning.js'
import { openTarget } from '../open-target.js'
import { requestDefaults, transportOptions } from '../request-defaults.js'
import { SERVE_DEFAULT_URL, type Target } from '../target.js'

/** What every `apictl soap` command works with: options, the target, the WSDL (cached) and the endpoint. */
export interface SoapSession {
  common: CommonOptions
  options: SoapCommandOptions
  /** True when the WSDL is the built-in server's (profile local, no --wsdl): fixed for this apictl version. */
  builtinWsdl: boolean
  profileName: string
  /** The profile's settings (headers, auth, timeout), without starting anything. */
  profile: Profile
  /** The target; for the built-in profile this starts the embedded server. */
  target(): Promise<Target>
  /** The WSDL's description (--wsdl, else the profile's), from the cache when it has it; undefined with no WSDL. */
  service(): Promise<LoadedService | undefined>
  /**
   * As service(), and with no WSDL configured but an endpoint (-e, or the
   * profile's soap URL), the one at `<endpoint>?wsdl`, cached like any
   * other; UsageError (NetworkError when unreachable) naming that URL when
   * it gives none. For what cannot go on without a WSDL.
   */
  discoveredService(): Promise<LoadedService | undefined>
  /** Reads the WSDL again, past the cache (when a cached copy lacks an operation or parameter). */
  refreshService(): Promise<LoadedService | undefined>
  /** The endpoint for a version, in SPEC §2's order. */
  endpoint(version: SoapVersionId): Promise<string>
  close(): Promise<void>
}

/** The built-in server's WSDL is the same for one apictl version whatever port it gets: cached under this key. */
export const builtinWsdlKey = `apictl:builtin-local@${VERSION}`

function localPath(file: string, ctx: Context): string {
  if (file === '~' || file.startsWith('~/')) return join(ctx.env.HOME ?? homedir(), file.slice(1))
  return resolve(ctx.cwd, file)
}

export async function openSoapSession(raw: Record<string, unknown>, ctx: Context): Promise<SoapSession> {
  const common = normalizeCommonOptions(raw as unknown as Parameters<typeof normalizeCommonOptions>[0])
  const options = raw as unknown as SoapCommandOptions
  const sending = !common.dryRun && !common.curl
  let target = await openTarget({ profileName: common.profile, send: false }, ctx)
  /** The profile's soap URL when nothing is sent (for the built-in profile, `apictl serve`'s default address). */
  const soapWhenNotSending = target.soap
  let live = !target.builtin
  const liveTarget = async () => {
    if (!live) {
      await target.close()
      target = await openTarget({ profileName: common.profile, send: true }, ctx)
      live = true
    }
    return target
  }
  /**
   * --dry-run/--curl print `apictl serve`'s address for the built-in profile,
   * unless this run already started the built-in server (to read its WSDL):
   * then its real address, with a note that it lives only for this run.
   */
  const notSendingAddress = () => {
    if (!(target.builtin && live)) return soapWhenNotSending
    ctx.stderr.write(
      `note: the request shows the built-in server this run started (to read its WSDL), which stops when apictl exits; \`apictl serve\` listens on ${SERVE_DEFAULT_URL} and stays.\n`,
    )
    return target.soap
  }
  const fetchDocument = () => {
    const defaults = requestDefaults(common, target.profile)
    return wsdlDocumentFetcher({
      headers: defaults.headers,
      unsetHeaders: defaults.unsetHeaders,
      oauth2: defaults.oauth2,
      transport: transportOptions(common, target.profile, ctx),
    })
  }
  const fromCommandLine = typeof options.wsdl === 'string' ? asLocation(options.wsdl, ctx) : undefined
  const load = async (refresh: boolean): Promise<LoadedService | undefined> => {
    if (options.wsdl === false) return undefined
    if (fromCommandLine !== undefined) {
      return loadCachedService({
        location: fromCommandLine,
        key: fromCommandLine,
        refresh,
        env: ctx.env,
        fetchDocument: fetchDocument(),
      })
    }
    if (target.builtin) {
      const location = async () => (await liveTarget()).wsdl!
      return loadCachedService({
        location,
        key: builtinWsdlKey,
        refresh,
        env: ctx.env,
        fetchDocument: fetchDocument(),
      })
    }
    if (target.wsdl === undefined) return undefined
    const location = asLocation(target.wsdl, ctx)
    return loadCachedService({
      location,
      key: location,
      refresh,
      env: ctx.env,
      fetchDocument: fetchDocument(),
    })
  }
  let loaded: Promise<LoadedService | undefined> | undefined
  const service = () => {
    loaded ??= load(options.refreshWsdl === true)
    return loaded
  }
  const endpointWsdl = () => {
    const endpoint = options.endpoint ?? (target.builtin ? undefined : target.soap)
    return options.wsdl === false || endpoint === undefined ? undefined : wsdlUrlFor(endpoint)
  }
  const discover = async (refresh: boolean): Promise<LoadedService | undefined> => {
    const location = endpointWsdl()
    if (location === undefined) return undefined
    try {
      return await loadCachedService({
        location,
        key: location,
        refresh,
        env: ctx.env,
        fetchDocument: fetchDocument(),
      })
    } catch (error) {
      throw discoveryError(
        location,
        error,
        "Give the WSDL with --wsdl URL|FILE (or the profile's wsdl), or name the operation's namespace with --ns URI.",
      )
    }
  }
  let discovered: Promise<LoadedService | undefined> | undefined
  const announce = (result: LoadedService | undefined) => {
    if (result !== undefined && common.verbose) {
      const how = result.fromCache ? `cached ${result.fetchedAt}` : 'read now'
      ctx.stderr.write(`* WSDL ${result.location} (${how})\n`)
    }
    return result
  }
  return {
    common,
    options,
    builtinWsdl: options.wsdl === undefined && target.builtin,
    profileName: target.profileName,
    profile: target.profile,
    target: liveTarget,
    service: async () => announce(await service()),
    discoveredService: async () => {
      const configured = await service()
      if (configured !== undefined) return announce(configured)
      discovered ??= discover(options.refreshWsdl === true)
      return announce(await discovered)
    },
    refreshService: async () => {
      if (discovered !== undefined) {
        discovered = discover(true)
        return announce(await discovered)
      }
      loaded = load(true)
      return announce(await loaded)
    },
    endpoint: async (version) =>
      checkedEndpoint(await chooseEndpoint(version), options.endpoint !== undefined),
    close: () => target.close(),
  }

  async function chooseEndpoint(version: SoapVersionId): Promise<string> {
    // SPEC §2's order; the WSDL is read only when it decides.
    if (options.endpoint !== undefined) return options.endpoint
    const wsdlAddress = async () => (await service().catch(() => undefined))?.service.endpoints[version]
    const fromWsdl = fromCommandLine === undefined ? undefined : await wsdlAddress()
    if (fromWsdl) return fromWsdl
    if (fromCommandLine !== undefined) {
      // The WSDL given has no port for this version: its other port is still that service.
      const other = (await service().catch(() => undefined))?.service.endpoints[
        version === '1.1' ? '1.2' : '1.1'
      ]
      if (other) {
        writeWarning(
          ctx.stderr,
          `the WSDL has no SOAP ${version} port; sending to its other address, ${other}.`,
        )
        return other
      }
    }
    const profileSoap = !sending
      ? notSendingAddress()
      : target.builtin
        ? (await liveTarget()).soap
        : target.soap
    if (profileSoap) return profileSoap
    const fromProfileWsdl = fromCommandLine === undefined ? await wsdlAddress() : undefined
    if (fromProfileWsdl) return fromProfileWsdl
    throw new UsageError(
      `No SOAP ${version} endpoint: profile ${target.profileName} has no soap URL and no WSDL gives one.`,
      {
        hint: 'Give -e URL, or --wsdl URL|FILE whose service has a port for this version, or a profile with a soap URL.',
      },
    )
  }
}

/** The endpoint as an http(s) URL, or a usage error naming where it came from (nothing is sent). */
function checkedEndpoint(endpoint: string, fromOption: boolean): string {
  let url: URL | undefined
  try {
    url = new URL(endpoint)
  } catch {}
  if (url !== undefined && (url.protocol === 'http:' || url.protocol === 'https:')) return endpoint
  const where = fromOption ? 'given with -e' : 'chosen (from the WSDL or the profile)'
  throw new UsageError(`The SOAP endpoint ${endpoint} ${where} is not an http(s) URL.`, {
    hint: fromOption
      ? 'Pass a full URL, e.g. -e http://localhost:4000/soap'
      : 'Pass the endpoint with -e URL, or fix the address in the WSDL or the profile.',
  })
}

/** A URL as given; a file path made absolute (the cache is keyed by it). */
function asLocation(wsdl: string, ctx: Context): string {
  return isUrl(wsdl) ? wsdl : localPath(wsdl, ctx)
}
