/** What a redacted secret looks like in -v output. */
export const mask = '••••'

const credentialHeaders = new Set(['authorization', 'proxy-authorization'])
const secretHeaderPattern =
  /(api[-_]?key|access[-_]?key|secret|token|password|passwd|credential|signature|session|^x[-_]auth|[-_]key$|^key$)/i
const secretParameterPattern =
  /(token|api[-_]?key|apikey|access[-_]?key|secret|password|passwd|credential|signature|^sig$|^key$|^code$|^auth)/i

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
  if (credentialHeaders.has(lower)) return redactCredentials(value)
  if (lower === 'cookie') return redactCookie(value)
  if (lower === 'set-cookie') return redactSetCookie(value)
  if (secretHeaderPattern.test(lower)) return mask
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

function redactParameters(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      if (equals < 0) return pair
      let name = pair.slice(0, equals)
      try {
        name = decodeURIComponent(name.replaceAll('+', ' '))
      } catch {
        // keep the raw name when it is not valid percent-encoding
      }
      return secretParameterPattern.test(name) ? `${pair.slice(0, equals)}=${mask}` : pair
    })
    .join('&')
}

/**
 * A URL as written, with a userinfo password and secret-looking query (and
 * fragment) parameters masked: `https://u:••••@host/p?access_token=••••`.
 * Works on relative URLs too; nothing is re-encoded.
 */
export function redactUrl(url: string): string {
  const hashAt = url.indexOf('#')
  const beforeHash = hashAt < 0 ? url : url.slice(0, hashAt)
  const hash = hashAt < 0 ? '' : url.slice(hashAt + 1)
  const queryAt = beforeHash.indexOf('?')
  let base = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt)
  const query = queryAt < 0 ? undefined : beforeHash.slice(queryAt + 1)
  base = base.replace(/^([a-z][a-z\d+.-]*:\/\/)([^/]*)@/i, (_, scheme: string, userinfo: string) => {
    const colon = userinfo.indexOf(':')
    return colon < 0 ? `${scheme}${userinfo}@` : `${scheme}${userinfo.slice(0, colon)}:${mask}@`
  })
  return (
    base +
    (query === undefined ? '' : `?${redactParameters(query)}`) +
    (hashAt < 0 ? '' : `#${hash.includes('=') ? redactParameters(hash) : hash}`)
  )
}
