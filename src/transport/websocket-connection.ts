import type { Agent } from 'node:http'
import { rootCertificates } from 'node:tls'
import { loadProxySupport, proxyAgentsLoaded, proxyTls } from './connection-options.js'
import { withSessionHeaders } from './http-session.js'
import { proxyFor, proxyLabel } from './proxy-for.js'
import type { TransportOptions } from './transport-options.js'

/** What a WebSocket upgrade (a GraphQL subscription) takes from the transport's settings. */
export interface WebSocketConnection {
  /** A CONNECT tunnel through the proxy the settings choose, if any. */
  agent?: Agent
  /** The upgrade request's headers: the named session's for that host and the cookies kept for it added. */
  headers: Record<string, string>
  rejectUnauthorized: boolean
  ca?: string[]
  cert?: string
  key?: string
}

/**
 * The settings a `ws://`/`wss://` connection gets from the one transport, so
 * a subscription honours what every other request does: --proxy and the
 * proxy variables (always a CONNECT tunnel, as a proxy cannot forward a
 * protocol switch), --ca/--cert/--key/--insecure, and --session's headers
 * and cookies.
 */
export async function webSocketConnection(
  url: string,
  headers: Record<string, string>,
  options: TransportOptions,
): Promise<WebSocketConnection> {
  const httpUrl = url.replace(/^ws/i, 'http')
  await loadProxySupport(options)
  const proxy = proxyFor(new URL(httpUrl), options.proxy)
  let agent: Agent | undefined
  if (proxy) {
    options.observer?.proxyUsed?.(proxyLabel(proxy.url), proxy.from)
    const { HttpProxyAgent, HttpsProxyAgent } = proxyAgentsLoaded()
    const Tunnel = httpUrl.startsWith('https:') ? HttpsProxyAgent : HttpProxyAgent
    agent = new Tunnel({ proxy: proxy.url, keepAlive: false, proxyRequestOptions: proxyTls(options) })
  }
  const kept = options.session?.headersFor(httpUrl)
  const sent: Record<string, string> = kept ? flat(withSessionHeaders(headers, kept)) : { ...headers }
  const jar = options.session?.cookies ?? options.cookies
  const cookie = jar ? await jar.getCookieString(httpUrl) : ''
  if (cookie !== '' && !Object.keys(sent).some((name) => name.toLowerCase() === 'cookie'))
    sent.Cookie = cookie
  const tls = options.tls
  return {
    ...(agent ? { agent } : {}),
    headers: sent,
    rejectUnauthorized: !options.insecure,
    ...(tls?.ca ? { ca: [...rootCertificates, tls.ca.pem] } : {}),
    ...(tls?.cert ? { cert: tls.cert.pem, key: (tls.key ?? tls.cert).pem } : {}),
  }
}

function flat(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value
  }
  return out
}
