import { UsageError } from '../core/errors.js'
import type { OAuth2Settings, Profile, ProfileAuth } from './profile.js'
import { checkTimeout, checkUrl, checkUser, type ProfileAddOptions, parseHeader } from './profile-options.js'

const URL_FIELDS = ['rest', 'graphql', 'soap', 'wsdl', 'openapi'] as const

export interface ProfileUpdate {
  profile: Profile
  /** The fields the options set or removed, in a stable order, for the confirmation line. */
  changed: string[]
}

/**
 * `existing` (or a new profile) with `options` merged in. Validates first and
 * throws UsageError before anything changes. Given auth replaces the stored
 * kind of auth, except that --client-id/--client-secret/--scope alone adjust
 * stored OAuth2 settings.
 */
export function updateProfile(existing: Profile | undefined, options: ProfileAddOptions): ProfileUpdate {
  const profile: Profile = structuredClone(existing ?? {})
  const changed: string[] = []
  for (const field of URL_FIELDS) {
    const value = options[field]
    if (value === undefined) continue
    // The OpenAPI document may also be a file (kept as given; relative to where apictl runs).
    if (field !== 'openapi' || /^[a-z][a-z\d+.-]*:/i.test(value)) checkUrl(`--${field}`, value)
    profile[field] = value
    changed.push(field)
  }
  applyHeaders(profile, options.header ?? [], changed)
  const auth = updateAuth(profile.auth, options)
  if (auth !== undefined) {
    profile.auth = auth
    changed.push('auth')
  }
  if (options.timeout !== undefined) {
    checkTimeout(options.timeout)
    profile.timeout = options.timeout
    changed.push('timeout')
  }
  if (options.insecure !== undefined) {
    if (options.insecure) profile.insecure = true
    else delete profile.insecure
    changed.push('insecure')
  }
  return { profile, changed }
}

function applyHeaders(profile: Profile, lines: string[], changed: string[]): void {
  const parsed = lines.map((line) => parseHeader(line, `-H 'X-Api-Key: \${env:API_KEY}'`))
  if (parsed.length === 0) return
  const headers = { ...profile.headers }
  for (const { name, value } of parsed) {
    for (const key of Object.keys(headers)) {
      if (key.toLowerCase() === name.toLowerCase()) delete headers[key]
    }
    if (value !== '') headers[name] = value
    changed.push(`headers.${name}`)
  }
  if (Object.keys(headers).length === 0) delete profile.headers
  else profile.headers = headers
}

/** The new auth, or undefined when the options say nothing about auth. */
function updateAuth(current: ProfileAuth | undefined, options: ProfileAddOptions): ProfileAuth | undefined {
  const kinds = [
    options.user !== undefined && '--user',
    options.token !== undefined && '--token',
    oauth2Given(options) && '--oauth2',
  ].filter((kind) => kind !== false)
  if (kinds.length > 1) {
    throw new UsageError(`Give one kind of auth per profile, not ${kinds.join(' and ')}.`, {
      where: kinds.join(', '),
      hint: 'Choose one of --user, --token or --oauth2.',
    })
  }
  if (options.user !== undefined) {
    checkUser(options.user)
    return { user: options.user }
  }
  if (options.token !== undefined) {
    if (options.token === '') throw new UsageError('--token needs a value.', { where: '--token' })
    return { token: options.token }
  }
  const oauth2 = updateOAuth2(current?.oauth2, options)
  return oauth2 === undefined ? undefined : { oauth2 }
}

function updateOAuth2(
  current: OAuth2Settings | undefined,
  options: ProfileAddOptions,
): OAuth2Settings | undefined {
  if (!oauth2Given(options)) return undefined
  const { oauth2: tokenUrl, clientId, clientSecret, scope } = options
  if (tokenUrl === undefined && current === undefined) {
    throw new UsageError('--client-id, --client-secret and --scope go with --oauth2 TOKEN_URL.', {
      where: '--oauth2',
      hint: `e.g. --oauth2 https://auth.example.com/oauth/token --client-id ID --client-secret '\${env:CLIENT_SECRET}'`,
    })
  }
  if (tokenUrl !== undefined) checkUrl('--oauth2', tokenUrl)
  const merged = {
    tokenUrl: tokenUrl ?? current?.tokenUrl,
    clientId: clientId ?? current?.clientId,
    clientSecret: clientSecret ?? current?.clientSecret,
    scope: scope ?? current?.scope,
  }
  const missing = [
    merged.clientId === undefined && '--client-id',
    merged.clientSecret === undefined && '--client-secret',
  ]
  const missingFlags = missing.filter((flag) => flag !== false)
  if (missingFlags.length > 0) {
    throw new UsageError(`--oauth2 also needs ${missingFlags.join(' and ')}.`, {
      where: '--oauth2',
      hint: `Keep the secret out of the file with --client-secret '\${env:CLIENT_SECRET}'.`,
    })
  }
  const settings: OAuth2Settings = {
    tokenUrl: merged.tokenUrl!,
    clientId: merged.clientId!,
    clientSecret: merged.clientSecret!,
  }
  if (merged.scope !== undefined && merged.scope !== '') settings.scope = merged.scope
  return settings
}

function oauth2Given(options: ProfileAddOptions): boolean {
  return [options.oauth2, options.clientId, options.clientSecret, options.scope].some(
    (value) => value !== undefined,
  )
}
