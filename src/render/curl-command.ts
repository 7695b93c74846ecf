import type { HttpRequest } from '../core/exchange.js'

/** An equivalent curl command for a built request (--curl), quoted for a POSIX shell. */
export function curlCommand(request: HttpRequest): string {
  const parts = ['curl', '--silent', '--show-error']
  if (request.method === 'HEAD') parts.push('--head')
  else if (request.method !== 'GET' || request.body !== undefined) parts.push('--request', request.method)
  parts.push(shellQuote(request.url))
  for (const [name, value] of Object.entries(request.headers)) {
    parts.push('--header', shellQuote(value === '' ? `${name};` : `${name}: ${value}`))
  }
  if (request.oauth2) parts.push('--header', '"Authorization: Bearer $APICTL_OAUTH2_TOKEN"')
  if (request.body !== undefined) parts.push('--data-binary', shellQuote(request.body.toString()))
  return parts.join(' ')
}

/** Single-quotes a word for sh/bash/zsh unless it is plainly safe. */
export function shellQuote(word: string): string {
  if (/^[\w@%+=:,./-]+$/.test(word)) return word
  return `'${word.replaceAll("'", `'\\''`)}'`
}
