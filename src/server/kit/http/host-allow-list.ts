import { isIP } from 'node:net'

/** `Host: name[:port]` or `[v6]:port`, as sent; the port is not part of the name. */
const hostHeaderPattern = /^(?:([A-Za-z0-9_.-]+)|\[([0-9A-Fa-f:.]+)\])(?::(\d{1,5}))?$/
const namePattern =
  /^\.?(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?\.)*[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/
const wildcards = new Set(['', '0.0.0.0', '::', '0:0:0:0:0:0:0:0'])

/** The host name of a Host header value (lower case, no trailing dot, IPv6 without brackets), or undefined when malformed. */
export function hostName(host: string): string | undefined {
  const match = hostHeaderPattern.exec(host)
  if (match === null) return undefined
  const name = (match[1] ?? match[2]!).toLowerCase()
  return name.endsWith('.') ? name.slice(0, -1) : name
}

function isLoopback(name: string): boolean {
  if (name === 'localhost' || name.endsWith('.localhost')) return true
  if (isIP(name) === 4) return name.startsWith('127.')
  return name === '::1' || name === '0:0:0:0:0:0:0:1'
}

/**
 * Why a `--public-host` value cannot be used, or undefined when it is a host
 * name, an IP address, or `.example.com` (that domain and every name below it).
 */
export function publicHostProblem(value: string): string | undefined {
  const name = value.toLowerCase()
  if (isIP(name.replace(/^\[|\]$/g, '')) !== 0 || namePattern.test(name)) return undefined
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(name)) return 'give the host name only, without a scheme or path'
  if (/:\d+$/.test(name)) return 'give the host name only: any port is accepted'
  return 'it is not a host name'
}

/**
 * The host names the server answers to (SPEC §7), so that DNS rebinding
 * fails: a page on evil.example whose name is made to point at 127.0.0.1
 * reaches the server with `Host: evil.example`, which is not listed. Listed:
 * loopback names (localhost, *.localhost, 127.x.x.x, ::1), the address the
 * server listens on, any IP address when it listens on all of them (an
 * address is not a name an attacker controls), and the `--public-host`
 * names. The port is not compared: a proxy in front may use another.
 */
export class HostAllowList {
  readonly #exact = new Set<string>()
  readonly #domains: string[] = []
  readonly #anyAddress: boolean

  constructor(listenHost: string, publicHosts: readonly string[] = []) {
    const listening = listenHost.toLowerCase().replace(/^\[|\]$/g, '')
    this.#anyAddress = wildcards.has(listening)
    if (!this.#anyAddress) this.#exact.add(listening)
    for (const entry of publicHosts) {
      const name = entry.toLowerCase().replace(/^\[|\]$/g, '')
      if (name.startsWith('.')) this.#domains.push(name)
      else this.#exact.add(name)
    }
  }

  /** Whether a request with this Host header value is answered. */
  /** Recent answers by Host header: a server's clients send the same few, and each answer costs a few patterns. */
  readonly #answers = new Map<string, boolean>()

  allows(host: string): boolean {
    const known = this.#answers.get(host)
    if (known !== undefined) return known
    const allowed = this.#decide(host)
    if (this.#answers.size >= 64) this.#answers.clear()
    if (host.length <= 300) this.#answers.set(host, allowed)
    return allowed
  }

  #decide(host: string): boolean {
    const name = hostName(host)
    if (name === undefined) return false
    if (isLoopback(name) || this.#exact.has(name)) return true
    if (this.#anyAddress && isIP(name) !== 0) return true
    return this.#domains.some((domain) => name.endsWith(domain) || name === domain.slice(1))
  }
}
