import { Agent, type AgentOptions, type ClientRequest } from 'node:http'
import { connect as connectTcp, isIP, type Socket } from 'node:net'
import { connect as connectTls, type ConnectionOptions as TlsOptions } from 'node:tls'

/** What node's http.Agent hands addRequest and createConnection (not in @types/node). */
interface ConnectionOptions {
  host?: string
  hostname?: string
  port?: number | string
  timeout?: number
}

/**
 * A plain-http request through an HTTP proxy the way curl and HTTPie send
 * one: to the proxy, with the absolute URL as the request target and the
 * proxy's Basic credentials in Proxy-Authorization. (hpagent, used for
 * https, tunnels plain http with CONNECT as well, which proxies in their
 * default configuration refuse for any port but 443.)
 */
export class ForwardingAgent extends Agent {
  readonly #proxy: URL
  readonly #proxyTls: TlsOptions

  /** `proxyTls`: how to check an https proxy's certificate (apictl's CA and --insecure). */
  constructor(proxy: URL, options: AgentOptions = {}, proxyTls: TlsOptions = {}) {
    super(options)
    this.#proxy = proxy
    this.#proxyTls = proxyTls
  }

  addRequest(request: ClientRequest, options: ConnectionOptions): void {
    const host = options.hostname ?? options.host ?? 'localhost'
    const port = options.port === undefined || String(options.port) === '80' ? '' : `:${options.port}`
    const authority = host.includes(':') && !host.startsWith('[') ? `[${host}]${port}` : `${host}${port}`
    request.path = new URL(request.path, `http://${authority}`).href
    const { username, password } = this.#proxy
    if (username !== '' || password !== '') {
      const credentials = `${decodeURIComponent(username)}:${decodeURIComponent(password)}`
      request.setHeader('proxy-authorization', `Basic ${Buffer.from(credentials).toString('base64')}`)
    }
    // http.Agent's own addRequest is not in its type declarations.
    ;(
      Agent.prototype as unknown as { addRequest(r: ClientRequest, o: ConnectionOptions): void }
    ).addRequest.call(this, request, options)
  }

  override createConnection(options: ConnectionOptions): Socket {
    const proxy = this.#proxy
    const port = Number(proxy.port || (proxy.protocol === 'https:' ? 443 : 80))
    const host = proxy.hostname.replace(/^\[(.*)\]$/, '$1')
    if (proxy.protocol === 'https:') {
      return connectTls({
        ...this.#proxyTls,
        host,
        port,
        servername: isIP(host) === 0 ? host : undefined,
        timeout: options.timeout,
      })
    }
    return connectTcp({ host, port, timeout: options.timeout })
  }
}
