import { mask } from '../core/redact-url.js'
import { isCredentialHeader, isSecretHeaderName } from '../core/secret-names.js'

export { mask, redactUrl } from '../core/redact-url.js'

function redactCredentials(value: string): string {
  const scheme = /^([A-Za-z][\w.+-]*)\s+\S/.exec(value)?.[1]
  return scheme === undefined ? mask : `${scheme} ${mask}`
}

/** `a=1; b=2` → `a=••••; b=••••`. */
function redactCookie(value: string): string {
  return value
    .split(';')
    .map((pair) => {
      const equals = pair.indexOf('=')
      return equals < 0 ? mask : `${pair.slice(0, equals)}=${mask}`
    })
    .join(';')
}

/** `id=abc; Path=/; HttpOnly` → `id=••••; Path=/; HttpOnly`. */
function redactSetCookie(value: string): string {
  const separator = value.indexOf(';')
  const first = separator < 0 ? value : value.slice(0, separator)
  return redactCookie(first) + (separator < 0 ? '' : value.slice(separator))
}

function redactValue(name: string, value: string): string {
  const lower = name.toLowerCase()
  if (lower === 'cookie') return redactCookie(value)
  if (isCredentialHeader(lower)) return redactCredentials(value)
  if (lower === 'set-cookie') return redactSetCookie(value)
  if (isSecretHeaderName(lower)) return mask
  return value
}

/**
 * Headers with credentials hidden, for -v and logs: Authorization keeps its
 * scheme (`Bearer ••••`), cookies keep their names, API-key-like headers
 * become `••••`. Names and order are kept.
 */
export function redactHeaders<V extends string | string[]>(headers: Record<string, V>): Record<string, V> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      Array.isArray(value)
        ? value.map((item) => redactValue(name, item))
        : redactValue(name, value as string),
    ]),
  ) as Record<string, V>
}

/** Short name for redactHeaders. */
export const redact = redactHeaders
