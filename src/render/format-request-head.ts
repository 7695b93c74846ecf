import { formatHeaders } from './format-headers.js'
import { redact, redactUrl } from './redact.js'
import { escapeControl } from './safe-text.js'
import { createTheme } from './theme.js'

export interface RequestHead {
  method: string
  url: string
  headers: Record<string, string | string[]>
}

export interface RequestHeadOptions {
  colour: boolean
  /** Hide credentials in the URL and headers (default false: --dry-run shows what would be sent). */
  redact?: boolean
  /**
   * The full URL on the request line (`GET http://host/path HTTP/1.1`, as a
   * .http file writes it) rather than the path alone: --dry-run, where the
   * scheme matters. -v shows the path, as sent.
   */
  absolute?: boolean
}

/** Path and query as written (not re-encoded), and the Host a client would send. */
function target(url: string, absolute: boolean): { path: string; host: string | undefined } {
  const match = /^([a-z][a-z\d+.-]*:\/\/[^/?#]*)([^#]*)/i.exec(url)
  if (match === null) return { path: url, host: undefined }
  const rest = match[2]!
  let host: string | undefined
  try {
    host = new URL(url).host
  } catch {
    host = undefined
  }
  const path = rest.startsWith('/') ? rest : `/${rest}`
  return { path: absolute ? `${match[1]}${path}` : path, host }
}

/**
 * The request as -v shows it, HTTPie style: `GET /path?q HTTP/1.1`, then
 * `Host:` (unless given) and the headers. The path keeps its spelling as
 * written. No trailing newline.
 */
export function formatRequestHead(request: RequestHead, options: RequestHeadOptions): string {
  const theme = createTheme(options.colour)
  const hide = options.redact === true
  const { path, host } = target(hide ? redactUrl(request.url) : request.url, options.absolute === true)
  const given = Object.keys(request.headers).some((name) => name.toLowerCase() === 'host')
  const headers = given || host === undefined ? request.headers : { Host: host, ...request.headers }
  const line = `${theme.method(escapeControl(request.method.toUpperCase(), { newlines: false }))} ${theme.url(escapeControl(path, { newlines: false }))} ${theme.protocol('HTTP/1.1')}`
  const block = formatHeaders(hide ? redact(headers) : headers, options)
  return block === '' ? line : `${line}\n${block}`
}
