import { NamedSession } from '../config/named-session.js'
import type { Profile } from '../config/profile.js'
import type { Context } from '../core/context.js'
import type { CommonOptions } from '../core/request-options.js'
import { readTlsFiles } from '../transport/tls-files.js'
import type { TransportOptions } from '../transport/transport-options.js'

type ConnectionSettings = Pick<TransportOptions, 'proxy' | 'tls' | 'http2' | 'session' | 'cookies'>

/**
 * How the transport connects, from the options and the profile: the proxy
 * (--proxy, else the environment's; never for the embedded server), TLS
 * files (--ca/--cert/--key, else the profile's; read and checked here),
 * --http2, and the named session (--session).
 */
export function connectionSettings(
  options: CommonOptions,
  profile: Profile,
  ctx: Context,
): ConnectionSettings {
  const settings: ConnectionSettings = {
    proxy: { url: options.proxy, env: ctx.env, direct: profile.directOrigins },
  }
  if (options.cookies !== undefined) settings.cookies = options.cookies
  // --cert on the command line brings its own key (or none): the profile's key is for the profile's cert.
  const cert = options.cert ?? profile.cert
  const key = options.cert !== undefined ? options.key : (options.key ?? profile.key)
  const tls = readTlsFiles({ ca: options.ca ?? profile.ca, cert, key }, ctx.cwd, ctx.env.HOME)
  if (tls !== undefined) settings.tls = tls
  if (options.http2) settings.http2 = true
  if (options.session !== undefined) {
    settings.session = NamedSession.open(options.session, ctx).forCalls(profileHeaderNames(options, profile))
  }
  return settings
}

/** Headers the profile sends anyway (its own, and its auth when the command line gives none): not kept in a session. */
function profileHeaderNames(options: CommonOptions, profile: Profile): string[] {
  const names = Object.keys(profile.headers ?? {})
  const commandAuth =
    options.user !== undefined || options.token !== undefined || options.oauth2 !== undefined
  if (profile.auth !== undefined && !commandAuth) names.push('Authorization')
  return names
}
