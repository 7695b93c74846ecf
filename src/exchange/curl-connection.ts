import type { CurlSettings } from '../render/curl-command.js'
import { proxyFor } from '../transport/proxy-for.js'
import type { TransportOptions } from '../transport/transport-options.js'

/** What --curl says of the connection: the proxy apictl would take for this URL, the TLS files, --http2. */
export function curlConnection(url: string, transport: TransportOptions): CurlSettings {
  const settings: CurlSettings = {}
  const proxy = proxyFor(url, transport.proxy)
  if (proxy !== undefined) settings.proxy = proxy.url.href
  if (transport.tls?.ca) settings.ca = transport.tls.ca.path
  if (transport.tls?.cert) settings.cert = transport.tls.cert.path
  if (transport.tls?.key) settings.key = transport.tls.key.path
  if (transport.http2) settings.http2 = true
  return settings
}
