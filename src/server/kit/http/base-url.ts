import type { IncomingMessage } from 'node:http'

const hostPattern = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/

/**
 * The absolute base URL a client used (for Link and Location): its Host
 * header when that is a plain host[:port], else the server's own address.
 */
export function requestBaseUrl(request: IncomingMessage, fallback: string): string {
  const host = request.headers.host
  return host !== undefined && hostPattern.test(host) ? `http://${host}` : fallback
}

/** `http://host:port` for a listening address (IPv6 in brackets). */
export function formatOrigin(host: string, port: number): string {
  return host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`
}
