import { localPath } from '../../config/paths.js'
import type { Context } from '../../core/context.js'
import { expandUrlShorthand } from '../../core/url-shorthand.js'
import { VERSION } from '../../core/version.js'
import { discoveryError, wsdlUrlFor } from '../../protocols/soap/client/discover-wsdl.js'
import {
  isUrl,
  type WsdlFetchSettings,
  wsdlDocumentFetcher,
} from '../../protocols/soap/client/fetch-wsdl-document.js'
import { type LoadedService, loadCachedService } from '../../protocols/soap/client/load-service.js'
import type { CachePolicy } from '../cache-policy.js'
import type { LazyTarget } from '../open-target.js'

/** One use of the WSDL: -v names where it came from; Tab waits less; Ctrl-C (the signal) stops the read. */
export interface WsdlUse {
  verbose?: boolean
  forCompletion?: boolean
  signal?: AbortSignal
}

export interface WsdlSourceSettings {
  target: LazyTarget
  /**
   * How long a WSDL's description is kept: on disk across runs (a CLI run),
   * on disk and in memory for a REPL session, in memory only for a library
   * client. Whatever the policy, one service reads each WSDL once; a failed
   * read is tried again by the next use, except within one CLI run.
   */
  cache: CachePolicy
  /** --wsdl URL|FILE instead of the target's; false (--no-wsdl): none at all. */
  wsdl?: string | false
  /** --refresh-wsdl: the first read of each WSDL goes past the disk cache. */
  refresh?: boolean
  /** Headers, auth and transport for reading WSDL documents, as they are at the time of the read. */
  fetchSettings(use: WsdlUse): WsdlFetchSettings
  /** How to go on when `<endpoint>?wsdl` gives no WSDL, in the surface's terms (flags or library options). */
  noWsdlHint: string
  ctx: Context
}

/** The built-in server's WSDL is the same for one apictl version whatever port it gets: cached under this key. */
export const builtinWsdlKey = `apictl:builtin-local@${VERSION}`

/** Where a WSDL is read from and the key it is cached under. */
interface WsdlPlace {
  location: string | (() => Promise<string>)
  key: string
}

/**
 * Where a SOAP service's description comes from: --wsdl, else the target's
 * WSDL (the built-in server's under one key per apictl version), else, for
 * what cannot go on without one, the endpoint's own `<endpoint>?wsdl`.
 */
export class WsdlSource {
  private readonly loads = new Map<string, Promise<LoadedService | undefined>>()

  constructor(private readonly settings: WsdlSourceSettings) {}

  /** True when the WSDL is the built-in server's (no --wsdl): fixed for this apictl version. */
  get builtin(): boolean {
    return this.settings.wsdl === undefined && this.settings.target.current.builtin
  }

  /** True when --wsdl named the WSDL (then its addresses come before the profile's soap URL). */
  get fromCommandLine(): boolean {
    return typeof this.settings.wsdl === 'string'
  }

  /** The configured WSDL's description; undefined with none. */
  configured(
    use: WsdlUse = {},
    refresh = this.settings.refresh === true,
  ): Promise<LoadedService | undefined> {
    const place = this.place()
    if (place === undefined) return Promise.resolve(undefined)
    return this.once('configured', refresh, () => this.read(place, refresh, use))
  }

  /**
   * As configured(), and with no WSDL configured but an endpoint (the one
   * given, else the target's soap URL), the one at `<endpoint>?wsdl`;
   * UsageError (NetworkError when unreachable) naming that URL when it gives none.
   */
  async discover(
    endpoint: string | undefined,
    use: WsdlUse = {},
    refresh = this.settings.refresh === true,
  ): Promise<LoadedService | undefined> {
    const configured = await this.configured(use)
    const location = this.discoveryLocation(endpoint)
    if (configured !== undefined || location === undefined) return configured
    return this.once(`discovered ${location}`, refresh, () =>
      this.read({ location, key: location }, refresh, use).catch((error: unknown) => {
        throw discoveryError(location, error, this.settings.noWsdlHint)
      }),
    )
  }

  /** Reads again, past the cache, the description discover() gave (a cached one that lacks an operation or parameter). */
  reread(endpoint: string | undefined, use: WsdlUse): Promise<LoadedService | undefined> {
    return this.place() === undefined ? this.discover(endpoint, use, true) : this.configured(use, true)
  }

  private place(): WsdlPlace | undefined {
    const { wsdl, target, ctx } = this.settings
    if (wsdl === false) return undefined
    const at = (location: string) => {
      const absolute = isUrl(location) ? location : localPath(location, ctx)
      return { location: absolute, key: absolute }
    }
    if (wsdl !== undefined) return at(expandUrlShorthand(wsdl))
    if (target.current.builtin) {
      return { location: async () => (await target.start()).wsdl!, key: builtinWsdlKey }
    }
    return target.current.wsdl === undefined ? undefined : at(target.current.wsdl)
  }

  private discoveryLocation(endpoint: string | undefined): string | undefined {
    const { wsdl, target } = this.settings
    const asked =
      endpoint !== undefined
        ? expandUrlShorthand(endpoint)
        : target.current.builtin
          ? undefined
          : target.current.soap
    return wsdl === false || asked === undefined ? undefined : wsdlUrlFor(asked)
  }

  /** One load per key; a refresh replaces it. Outside a CLI run a failed load is forgotten, to be tried again. */
  private once(
    key: string,
    refresh: boolean,
    load: () => Promise<LoadedService | undefined>,
  ): Promise<LoadedService | undefined> {
    let pending = refresh ? undefined : this.loads.get(key)
    if (pending === undefined) {
      const started = load()
      pending = started
      this.loads.set(key, started)
      if (this.settings.cache !== 'disk') {
        started.catch(() => {
          if (this.loads.get(key) === started) this.loads.delete(key)
        })
      }
    }
    return pending
  }

  private async read(place: WsdlPlace, refresh: boolean, use: WsdlUse): Promise<LoadedService> {
    const fetchDocument = wsdlDocumentFetcher(this.settings.fetchSettings(use))
    const { ctx, cache } = this.settings
    const loaded =
      cache === 'memory'
        ? await readNow(place, fetchDocument)
        : await loadCachedService({ ...place, refresh, env: ctx.env, fetchDocument })
    if (use.verbose) {
      const how = loaded.fromCache ? `cached ${loaded.fetchedAt}` : 'read now'
      ctx.stderr.write(`* WSDL ${loaded.location} (${how})\n`)
    }
    // What the WSDL lacks (operations it stops, imports not followed), once per read, cached or not.
    for (const warning of loaded.service.warnings ?? []) ctx.stderr.write(`warning: ${warning}.\n`)
    return loaded
  }
}

/** The description read now, kept by no disk cache (a library client holds it in memory). */
async function readNow(
  place: WsdlPlace,
  fetchDocument: ReturnType<typeof wsdlDocumentFetcher>,
): Promise<LoadedService> {
  const location = typeof place.location === 'string' ? place.location : await place.location()
  const { readService } = await import('../../protocols/soap/client/read-service.js')
  const service = await readService(location, fetchDocument)
  return { service, location, fromCache: false, fetchedAt: new Date().toISOString() }
}
