import { UsageError } from '../core/errors.js'
import { hasEnvReference, startsWithEnvReference, withReferencesReplaced } from './env-references.js'

/** What `apictl profile add NAME` accepts (SPEC §2), already typed by the parser. */
export interface ProfileAddOptions {
  rest?: string
  graphql?: string
  soap?: string
  wsdl?: string
  openapi?: string
  /** `Name: value`; `Name:` with no value removes the header from the profile. */
  header?: string[]
  user?: string
  token?: string
  /** The token URL. */
  oauth2?: string
  clientId?: string
  clientSecret?: string
  scope?: string
  /** Seconds. */
  timeout?: number
  insecure?: boolean
}

const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it rejects
const HEADER_VALUE_FORBIDDEN = /[\u0000-\u0008\u000a-\u001f\u007f]/

export function checkProfileName(name: string): void {
  if (PROFILE_NAME.test(name)) return
  throw new UsageError(`Invalid profile name "${name}".`, {
    where: 'profile name',
    hint: 'Use letters, digits, ".", "_" and "-" (up to 64 characters), starting with a letter or digit.',
  })
}

/**
 * Checks that `value` is an http(s) URL. Parts written as `${env:NAME}` are
 * taken on trust (they are known only at send time); a value that starts
 * with a reference supplies its own scheme.
 */
export function checkUrl(flag: string, value: string): void {
  if (startsWithEnvReference(value)) return
  // '1' fits every place a reference may stand: host, port, path.
  const candidate = withReferencesReplaced(value, '1')
  let url: URL | undefined
  try {
    url = new URL(candidate)
  } catch {
    url = undefined
  }
  if (url !== undefined && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '')
    return
  throw new UsageError(`${flag} needs an http or https URL, got "${value}".`, {
    where: flag,
    hint: `Write it in full, e.g. ${flag} https://api.example.com (or \${env:NAME} to take it from the environment).`,
  })
}

/**
 * Parses `Name: value`. An empty value (`Name:`) means "remove this header".
 * `example` is the form the error's hint shows: a profile's header may take
 * its value from `${env:NAME}` (stored, expanded at send time); on a request's
 * command line the shell's `$NAME` does that.
 */
export function parseHeader(
  text: string,
  example = `-H "X-Api-Key: $API_KEY"`,
): { name: string; value: string } {
  const colon = text.indexOf(':')
  const name = colon === -1 ? text.trim() : text.slice(0, colon).trim()
  const value = colon === -1 ? '' : text.slice(colon + 1).trim()
  if (colon === -1 || !HEADER_NAME.test(name)) {
    throw new UsageError(`Invalid header "${text}": expected 'Name: value'.`, {
      where: '-H, --header',
      hint: `Quote it as one argument, e.g. ${example}; 'Name:' removes a header.`,
    })
  }
  if (HEADER_VALUE_FORBIDDEN.test(value)) {
    throw new UsageError(`Invalid header "${name}": its value contains a line break or control character.`, {
      where: '-H, --header',
      hint: 'Put the value on one line.',
    })
  }
  return { name, value }
}

export function checkTimeout(timeout: number): void {
  if (Number.isFinite(timeout) && timeout > 0) return
  throw new UsageError(`--timeout needs a positive number of seconds, got ${timeout}.`, {
    where: '--timeout',
    hint: 'e.g. --timeout 30',
  })
}

export function checkUser(user: string): void {
  if (user.includes(':') || hasEnvReference(user)) return
  throw new UsageError('--user needs USER:PASS.', {
    where: '--user',
    hint: `e.g. --user 'alice:\${env:ALICE_PASSWORD}' so the password is not stored.`,
  })
}
