import { UsageError } from '../../../core/errors.js'

/** The graphql-ws URL for an endpoint: http → ws, https → wss (ws:// and wss:// kept), same host, path and query. */
export function webSocketUrl(endpoint: string): string {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    throw new UsageError(`The endpoint '${endpoint}' is not a URL.`, {
      hint: 'Pass -e http://host:port/graphql',
    })
  }
  const scheme = { 'http:': 'ws:', 'https:': 'wss:', 'ws:': 'ws:', 'wss:': 'wss:' }[url.protocol]
  if (scheme === undefined) {
    throw new UsageError(`Subscriptions need an http(s) or ws(s) endpoint, not ${url.protocol}//.`, {
      where: endpoint,
      hint: 'Pass -e http://host:port/graphql (the WebSocket URL is derived from it).',
    })
  }
  url.protocol = scheme
  return url.toString()
}
