import { Agent as HttpAgent } from 'node:http'
import { Agent as HttpsAgent } from 'node:https'
import { rootCertificates } from 'node:tls'
import type { Agents, OptionsInit } from 'got'
import http2wrapper from 'http2-wrapper'
import { ForwardingAgent } from './forwarding-agent.js'
import { type ChosenProxy, proxyFor, proxyLabel } from './proxy-for.js'
import type { TlsSettings } from './tls-files.js'
import type { TransportOptions } from './transport-options.js'

/** How one request connects: through which agents (proxy or not), with which TLS settings, over which protocol. */
export interface Connection {
  agent: Agents | undefined
  https: NonNullable<OptionsInit['https']>
  http2: boolean
  proxy: ChosenProxy | undefined
  /** Closes what this call alone opened (a one-off HTTP/2 session). */
  release(): void
}

const shared = new Map<string, Agents>()

/** hpagent, loaded by loadProxySupport() once a proxy may be used (it loads node:https as it loads). */
let hpagent: typeof import('hpagent') | undefined

/** Loads what proxies need, when the settings name one (--proxy, or a proxy variable): call before connectionFor. */
export async function loadProxySupport(options: TransportOptions): Promise<void> {
  if (hpagent !== undefined || !mayUseProxy(options)) return
  hpagent = await import('hpagent')
}

/** The connection for `url`, what proxies need loaded first, and -v told which proxy it goes through. */
export async function openConnection(url: string | URL, options: TransportOptions): Promise<Connection> {
  await loadProxySupport(options)
  const connection = connectionFor(url, options)
  if (connection.proxy) options.observer?.proxyUsed?.(proxyLabel(connection.proxy.url), connection.proxy.from)
  return connection
}

function mayUseProxy(options: TransportOptions): boolean {
  const settings = options.proxy
  if (settings === undefined) return false
  if (settings.url !== undefined) return true
  return ['http_proxy', 'https_proxy', 'all_proxy'].some(
    (name) => settings.env?.[name] || settings.env?.[name.toUpperCase()],
  )
}

/**
 * The connection for a request to `url`: the proxy the settings choose (an
 * https target through hpagent's CONNECT tunnel, plain http forwarded as
 * curl does), --ca / --cert / --key, and HTTP/2 by ALPN with --http2 (https
 * without a proxy only). Agents that keep connections open (the REPL, the
 * library) are shared per proxy; a one-off call's close with it.
 */
export function connectionFor(url: string | URL, options: TransportOptions): Connection {
  const target = typeof url === 'string' ? new URL(url) : url
  const proxy = proxyFor(target, options.proxy)
  const https = tlsOptions(options.insecure, options.tls)
  const http2 = options.http2 === true && target.protocol === 'https:' && proxy === undefined
  let agent = agentsFor(proxy, options)
  let release = () => {}
  if (http2) {
    // Loaded on first use (scripts/stubs/http2-wrapper.mjs): only --http2 pays for node:http2.
    const http2Agent = options.keepAlive ? sharedHttp2Agent() : new http2wrapper.Agent()
    if (!options.keepAlive) release = () => http2Agent.destroy()
    agent = { ...agent, http2: http2Agent }
  }
  return { agent, https, http2, proxy, release }
}

function tlsOptions(insecure: boolean, tls: TlsSettings | undefined): Connection['https'] {
  const https: Connection['https'] = { rejectUnauthorized: !insecure }
  if (tls?.ca) https.certificateAuthority = [...rootCertificates, tls.ca.pem]
  if (tls?.cert) {
    https.certificate = tls.cert.pem
    https.key = (tls.key ?? tls.cert).pem
  }
  return https
}

function agentsFor(proxy: ChosenProxy | undefined, options: TransportOptions): Agents | undefined {
  if (proxy === undefined && !options.keepAlive) return undefined
  const key = `${proxy?.url.href ?? 'direct'} ${options.insecure} ${options.tls?.ca?.path ?? ''}`
  const cached = options.keepAlive ? shared.get(key) : undefined
  if (cached) return cached
  const keepAlive = options.keepAlive === true
  const agents: Agents =
    proxy === undefined
      ? { http: new HttpAgent({ keepAlive }), https: new HttpsAgent({ keepAlive }) }
      : {
          http: new ForwardingAgent(proxy.url, { keepAlive }, proxyTls(options)),
          https: new (proxyAgentsLoaded().HttpsProxyAgent)({
            proxy: proxy.url,
            keepAlive,
            proxyRequestOptions: proxyTls(options),
          }),
        }
  if (keepAlive) shared.set(key, agents)
  return agents
}

/** hpagent's agents, once loadProxySupport() has loaded them. */
export function proxyAgentsLoaded(): typeof import('hpagent') {
  if (hpagent === undefined)
    throw new Error('internal: connectionFor() with a proxy before loadProxySupport()')
  return hpagent
}

/** An https proxy's own certificate is checked as the server's are (--ca, --insecure). */
export function proxyTls(options: TransportOptions): { ca?: string[]; rejectUnauthorized: boolean } {
  const ca = options.tls?.ca ? [...rootCertificates, options.tls.ca.pem] : undefined
  return { ...(ca ? { ca } : {}), rejectUnauthorized: !options.insecure }
}

let http2Shared: InstanceType<typeof http2wrapper.Agent> | undefined
function sharedHttp2Agent() {
  http2Shared ??= new http2wrapper.Agent()
  return http2Shared
}
