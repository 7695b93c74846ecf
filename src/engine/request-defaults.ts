import type { Profile } from '../config/profile.js'
import type { Context } from '../core/context.js'
import type { OAuth2Settings } from '../core/exchange.js'
import { type CommonOptions, DEFAULT_TIMEOUT_SECONDS } from '../core/request-options.js'
import type { TransportOptions } from '../transport/transport-options.js'
import { diskTokenStore } from './disk-token-store.js'

export interface RequestDefaults {
  /** Profile headers, then auth, then -H: later ones win. */
  headers: Array<[string, string]>
  /** `-H 'Name:'`: headers not to send, defaults included. */
  unsetHeaders: string[]
  oauth2?: OAuth2Settings
}

/** Headers and auth every style sends: the profile's, overridden by the command line. */
export function requestDefaults(options: CommonOptions, profile: Profile): RequestDefaults {
  const headers: Array<[string, string]> = Object.entries(profile.headers ?? {})
  const user = options.user ?? (options.token || options.oauth2 ? undefined : profile.auth?.user)
  const token = options.token ?? (options.user || options.oauth2 ? undefined : profile.auth?.token)
  const oauth2 = options.oauth2 ?? (options.user || options.token ? undefined : profile.auth?.oauth2)
  if (user !== undefined) headers.push(['Authorization', `Basic ${Buffer.from(user).toString('base64')}`])
  else if (token !== undefined) headers.push(['Authorization', `Bearer ${token}`])
  const unsetHeaders: string[] = []
  for (const [name, value] of options.headers) {
    if (value === '') unsetHeaders.push(name)
    else headers.push([name, value])
  }
  return { headers, unsetHeaders, oauth2: user === undefined && token === undefined ? oauth2 : undefined }
}

/** The transport's settings from the options and the profile. */
export function transportOptions(options: CommonOptions, profile: Profile, ctx: Context): TransportOptions {
  const seconds = options.timeoutSeconds ?? profile.timeout ?? DEFAULT_TIMEOUT_SECONDS
  return {
    timeoutMs: Math.round(seconds * 1000),
    retry: options.retry,
    insecure: options.insecure || profile.insecure === true,
    signal: ctx.signal,
    tokenStore: diskTokenStore(ctx.env),
  }
}
