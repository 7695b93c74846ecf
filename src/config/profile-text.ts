import type { Profile } from './profile.js'
import { redactProfile } from './redact-profile.js'

const LABEL_WIDTH = 10

/** The human rendering of `apictl profile show`, secrets redacted. */
export function profileText(name: string, profile: Profile, active: boolean): string {
  const shown = redactProfile(profile)
  const lines = [`${name}${active ? ' (active)' : ''}`]
  const row = (label: string, value: string) => lines.push(`  ${`${label}:`.padEnd(LABEL_WIDTH)} ${value}`)
  for (const field of ['rest', 'graphql', 'soap', 'wsdl', 'openapi'] as const) {
    const value = shown[field]
    if (value !== undefined) row(field, value)
  }
  const headers = Object.entries(shown.headers ?? {})
  if (headers.length > 0) {
    lines.push('  headers:')
    for (const [header, value] of headers) lines.push(`    ${header}: ${value}`)
  }
  const auth = authText(shown)
  if (auth !== undefined) row('auth', auth)
  if (shown.timeout !== undefined) row('timeout', `${shown.timeout} s`)
  if (shown.insecure === true) row('insecure', 'yes (TLS certificates are not verified)')
  if (lines.length === 1) lines.push('  (empty: add URLs with apictl profile add NAME --rest URL ...)')
  return `${lines.join('\n')}\n`
}

/** The rendering for the built-in profile. */
export function builtinProfileText(name: string, active: boolean): string {
  const flags = active ? ' (built-in, active)' : ' (built-in)'
  return `${name}${flags}\n  the embedded reference server: started in-process on 127.0.0.1 with an ephemeral port when a command needs it\n`
}

function authText(profile: Profile): string | undefined {
  const auth = profile.auth
  if (auth?.user !== undefined) return `basic ${auth.user}`
  if (auth?.token !== undefined) return `bearer ${auth.token}`
  const oauth2 = auth?.oauth2
  if (oauth2 === undefined) return undefined
  const scope = oauth2.scope === undefined ? '' : `, scope ${oauth2.scope}`
  return `oauth2 client credentials from ${oauth2.tokenUrl} (client id ${oauth2.clientId}, secret ${oauth2.clientSecret}${scope})`
}
