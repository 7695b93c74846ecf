import type { Profile } from '../config/profile.js'
import type { Context } from '../core/context.js'
import { UsageError } from '../core/errors.js'
import { groupHeaders, type HeaderList, type OAuth2Settings } from '../core/exchange.js'
import { type CommonOptions, DEFAULT_TIMEOUT_SECONDS } from '../core/request-options.js'
import { DEFAULT_MAX_SIZE } from '../core/size.js'
import type { TransportOptions } from '../transport/transport-options.js'
import { diskTokenStore } from './disk-token-store.js'

export interface RequestDefaults {
  /**
   * Profile headers, auth, session headers, then the command line's: a later
   * name replaces an earlier one, and a name repeated on the command line is
   * sent once per value (a list).
   */
  headers: HeaderList
  /** `-H 'Name:'`: headers not to send, defaults included. */
  unsetHeaders: string[]
  oauth2?: OAuth2Settings
}

/** A command-line header after the -H ones (a REST `Name:value` item); `undefined` unsets it (`Name:`). */
export type HeaderEdit = readonly [name: string, value: string | undefined]

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
const asEdit = ([name, value]: [string, string]): HeaderEdit => [name, value === '' ? undefined : value]

/**
 * Headers and auth every style sends: the profile's, overridden by the
 * session's, overridden by the command line's (-H, then `more`, e.g. REST
 * header items). An OAuth 2.0 token URL given as a path is resolved against
 * the profile's REST base, as `apictl rest get /path` is.
 */
export function requestDefaults(
  options: CommonOptions,
  profile: Profile,
  more: readonly HeaderEdit[] = [],
): RequestDefaults {
  const headers: HeaderList = Object.entries(profile.headers ?? {})
  const user = options.user ?? (options.token || options.oauth2 ? undefined : profile.auth?.user)
  const token = options.token ?? (options.user || options.oauth2 ? undefined : profile.auth?.token)
  const oauth2 = options.oauth2 ?? (options.user || options.token ? undefined : profile.auth?.oauth2)
  if (user !== undefined) headers.push(['Authorization', `Basic ${Buffer.from(user).toString('base64')}`])
  else if (token !== undefined) headers.push(['Authorization', `Bearer ${token}`])
  const session = applyEdits((options.sessionHeaders ?? []).map(asEdit))
  const command = applyEdits([...options.headers.map(asEdit), ...more])
  headers.push(...session.given, ...groupHeaders(command.given))
  const unsetHeaders = [
    ...session.unset.filter((name) => !command.given.some(([each]) => sameName(each, name))),
    ...command.unset,
  ]
  return {
    headers,
    unsetHeaders,
    oauth2: user === undefined && token === undefined ? withTokenUrl(oauth2, profile.rest) : undefined,
  }
}

/** In order: `Name:` drops the values given before it; a later value takes the header back. */
function applyEdits(edits: readonly HeaderEdit[]): { given: Array<[string, string]>; unset: string[] } {
  let given: Array<[string, string]> = []
  let unset: string[] = []
  for (const [name, value] of edits) {
    if (value === undefined) {
      given = given.filter(([each]) => !sameName(each, name))
      if (!unset.some((each) => sameName(each, name))) unset.push(name)
    } else {
      unset = unset.filter((each) => !sameName(each, name))
      given.push([name, value])
    }
  }
  return { given, unset }
}

/** `--oauth2 /oauth/token`: the path against the REST base (the embedded server's, for `local`). */
function withTokenUrl(settings: OAuth2Settings | undefined, restBase: string | undefined) {
  if (settings === undefined || !settings.tokenUrl.startsWith('/')) return settings
  if (!restBase) {
    throw new UsageError(
      `--oauth2 ${settings.tokenUrl} is a path, and the profile has no REST base URL to resolve it against.`,
      {
        where: '--oauth2',
        hint: `Give the full token URL (https://host${settings.tokenUrl}), or a profile with --rest.`,
      },
    )
  }
  let url: URL
  try {
    const base = new URL(restBase)
    url = new URL(settings.tokenUrl, base.origin)
    url.pathname = `${base.pathname.replace(/\/+$/, '')}${url.pathname}`
  } catch {
    throw new UsageError(
      `--oauth2 ${settings.tokenUrl}: the profile's REST base '${restBase}' is not a URL.`,
      {
        where: '--oauth2',
        hint: 'Give the full token URL, or fix the profile: apictl profile add NAME --rest http://host:port',
      },
    )
  }
  return { ...settings, tokenUrl: url.toString() }
}

/** The transport's settings from the options and the profile. */
export function transportOptions(options: CommonOptions, profile: Profile, ctx: Context): TransportOptions {
  const seconds = options.timeoutSeconds ?? profile.timeout ?? DEFAULT_TIMEOUT_SECONDS
  return {
    timeoutMs: Math.round(seconds * 1000),
    retry: options.retry,
    maxSize: options.maxSize ?? DEFAULT_MAX_SIZE,
    insecure: options.insecure || profile.insecure === true,
    signal: ctx.signal,
    tokenStore: diskTokenStore(ctx.env),
  }
}
