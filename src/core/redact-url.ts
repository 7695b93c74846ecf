import { isSecretParameterName } from './secret-names.js'

/** What a redacted secret looks like in -v output, --dry-run and messages. */
export const mask = '••••'

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
      return isSecretParameterName(name) ? `${pair.slice(0, equals)}=${mask}` : pair
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

/** An absolute URL inside free text: up to white space or a closing quote or bracket, sentence punctuation after it left out. */
const urlInText = /\b[a-z][a-z\d+.-]*:\/\/[^\s"'<>`)\]]*[^\s"'<>`)\].,;:!?]/gi

/**
 * Free text (an error message, a hint, a `where:` line) with every URL in it
 * redacted as redactUrl does: no password or api_key reaches a message, a
 * log or a terminal, whoever wrote the text (got, Node or apictl).
 */
export function redactUrlsIn(text: string): string {
  return text.includes('://') ? text.replace(urlInText, (url) => redactUrl(url)) : text
}
