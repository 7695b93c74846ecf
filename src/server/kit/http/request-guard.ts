import type { IncomingMessage } from 'node:http'
import type { HostAllowList } from './host-allow-list.js'
import { printableTarget } from './request-log.js'

/** A request the server refuses before routing it: 421 for a Host it does not answer to, 403 for a foreign Origin. */
export interface Refusal {
  status: 421 | 403
  detail: string
}

/** Methods that change nothing (RFC 9110 safe methods): no Origin check. */
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

function shown(value: string): string {
  return JSON.stringify(printableTarget(value.slice(0, 100)))
}

/** `host[:port]` of an origin or Host value, default ports dropped; undefined when unreadable. */
function authority(scheme: string, host: string): string | undefined {
  try {
    return new URL(`${scheme}://${host}`).host
  } catch {
    return undefined
  }
}

export interface RequestGuardOptions {
  hosts: HostAllowList
  /** The port the server listens on (once it listens). */
  port(): number
}

/**
 * The checks that keep a local server local (SPEC §7), made on every request
 * and upgrade before any handler sees it:
 * - the Host header must name the server (DNS rebinding), and so must an
 *   absolute-form target (`POST http://name/…`);
 * - a browser page on another origin may not change anything: a request
 *   with an unsafe method, or a WebSocket upgrade, whose `Origin` is not
 *   the server's own (or is `null`) is refused, as is one that a browser
 *   marks `Sec-Fetch-Site: cross-site` without an Origin. Clients that are
 *   not browsers send no Origin and are not affected.
 */
export class RequestGuard {
  readonly #hosts: HostAllowList
  readonly #port: () => number

  constructor(options: RequestGuardOptions) {
    this.#hosts = options.hosts
    this.#port = options.port
  }

  /** Why a request is refused, or undefined to go on. */
  check(request: IncomingMessage): Refusal | undefined {
    const hostRefusal = this.#checkHost(request)
    if (hostRefusal !== undefined) return hostRefusal
    if (safeMethods.has(request.method ?? 'GET')) return undefined
    return this.#checkOrigin(request, 'a request that changes data')
  }

  /** Why an upgrade (a WebSocket handshake) is refused, or undefined to go on. */
  checkUpgrade(request: IncomingMessage): Refusal | undefined {
    return this.#checkHost(request) ?? this.#checkOrigin(request, 'a WebSocket connection')
  }

  #checkHost(request: IncomingMessage): Refusal | undefined {
    const host = request.headers.host
    // HTTP/1.0 without Host: no browser sends that (node:http refuses HTTP/1.1 without Host).
    if (host !== undefined && !this.#hosts.allows(host)) return this.#misdirected(host)
    const target = request.url ?? '/'
    if (!target.startsWith('/') && /^https?:\/\//i.test(target)) {
      let targetHost: string
      try {
        targetHost = new URL(target).host
      } catch {
        return undefined // the router answers 400 for a target it cannot read
      }
      if (!this.#hosts.allows(targetHost)) return this.#misdirected(targetHost)
    }
    return undefined
  }

  #misdirected(host: string): Refusal {
    return {
      status: 421,
      detail: `this server does not answer to the host name ${shown(host)}: it answers to localhost, its own address, and the names given to apictl serve --public-host`,
    }
  }

  #checkOrigin(request: IncomingMessage, what: string): Refusal | undefined {
    const origin = request.headers.origin
    if (origin === undefined) {
      return request.headers['sec-fetch-site'] === 'cross-site'
        ? { status: 403, detail: `${what} from a page on another site is refused` }
        : undefined
    }
    if (this.#isOwn(origin, request.headers.host)) return undefined
    return {
      status: 403,
      detail: `${what} from a browser page on another origin (${shown(origin)}) is refused: this server takes them only from pages on its own origin, or from clients that send no Origin`,
    }
  }

  /** Same host and port as the request's Host, or a listed name on the server's own port. */
  #isOwn(origin: string, host: string | undefined): boolean {
    const match = /^(https?):\/\/([^/?#]+)$/i.exec(origin)
    if (match === null) return false // `null` (sandboxed or file: pages), or not an origin at all
    const scheme = match[1]!.toLowerCase()
    const originAuthority = authority(scheme, match[2]!)
    if (originAuthority === undefined) return false
    if (host !== undefined && originAuthority === authority(scheme, host)) return true
    const url = new URL(`${scheme}://${originAuthority}`)
    return this.#hosts.allows(url.host) && Number(url.port) === this.#port()
  }
}
