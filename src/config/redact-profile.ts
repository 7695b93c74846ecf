import { isSecretHeaderName } from '../core/secret-names.js'
import { isOnlyEnvReferences, withReferencesReplaced } from './env-references.js'
import type { Profile } from './profile.js'

export const REDACTED = '****'

/**
 * A copy of `profile` fit to print: passwords, tokens, client secrets and
 * credential headers are masked. `${env:NAME}` references are shown as they
 * are: they name a variable and hold no secret.
 */
export function redactProfile(profile: Profile): Profile {
  const copy: Profile = structuredClone(profile)
  if (copy.headers !== undefined) {
    for (const [name, value] of Object.entries(copy.headers)) {
      if (isSecretHeaderName(name)) copy.headers[name] = redact(value)
    }
  }
  const auth = copy.auth
  if (auth?.user !== undefined) auth.user = redactUser(auth.user)
  if (auth?.token !== undefined) auth.token = redact(auth.token)
  if (auth?.oauth2 !== undefined) auth.oauth2.clientSecret = redact(auth.oauth2.clientSecret)
  return copy
}

/** What may stand beside references in a value shown as is: nothing, or an auth scheme. */
const SCHEME_ONLY = /^(?:(?:Bearer|Basic|Token|Digest|ApiKey)\s*)?$/i

function redact(value: string): string {
  if (isOnlyEnvReferences(value)) return value
  const rest = withReferencesReplaced(value, '')
  return rest !== value && SCHEME_ONLY.test(rest.trim()) ? value : REDACTED
}

/** `USER:PASS` keeps the user name. */
function redactUser(value: string): string {
  if (isOnlyEnvReferences(value)) return value
  const colon = value.indexOf(':')
  return colon === -1 ? REDACTED : `${value.slice(0, colon)}:${redact(value.slice(colon + 1))}`
}
