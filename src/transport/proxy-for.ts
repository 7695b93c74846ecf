import { UsageError } from '../core/errors.js'
import { isNoProxy } from './no-proxy.js'

/** Where requests go through a proxy (SPEC §3 `--proxy`, and the environment as curl reads it). */
export interface ProxySettings {
  /** --proxy URL: every request but those NO_PROXY names. */
  url?: string
  /**
   * The environment: `http_proxy`, `https_proxy`, `all_proxy` and `no_proxy`,
   * lower case first, then upper case. Undefined reads none of them.
   */
  env?: Record<string, string | undefined>
  /** Origins never sent through a proxy (the embedded reference server). */
  direct?: readonly string[]
}

/** The proxy chosen for one URL, and where the choice came from (for -v and messages). */
export interface ChosenProxy {
  url: URL
  /** `--proxy`, or the variable it was read from (`HTTPS_PROXY`). */
  from: string
}

/**
 * The proxy a request to `target` goes through, or undefined to connect
 * directly: --proxy, else the scheme's variable (`https_proxy` for https,
 * `http_proxy` for http), else `all_proxy`; none for an origin in `direct`
 * or a host NO_PROXY names.
 */
export function proxyFor(target: string | URL, settings: ProxySettings | undefined): ChosenProxy | undefined {
  if (settings === undefined) return undefined
  const url = typeof target === 'string' ? new URL(target) : target
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
  if (settings.direct?.includes(url.origin)) return undefined
  if (isNoProxy(url, variable(settings.env, 'no_proxy')?.value)) return undefined
  if (settings.url !== undefined) return { url: parseProxyUrl(settings.url, '--proxy'), from: '--proxy' }
  const scheme = url.protocol === 'https:' ? 'https_proxy' : 'http_proxy'
  const found = variable(settings.env, scheme) ?? variable(settings.env, 'all_proxy')
  return found === undefined ? undefined : { url: parseProxyUrl(found.value, found.name), from: found.name }
}

function variable(
  env: Record<string, string | undefined> | undefined,
  lower: string,
): { name: string; value: string } | undefined {
  for (const name of [lower, lower.toUpperCase()]) {
    const value = env?.[name]?.trim()
    if (value) return { name, value }
  }
  return undefined
}

/**
 * A proxy URL as curl reads one: `http://` or `https://`, and a bare
 * `host:port` is `http://host:port`. Anything else (socks, no host) is a
 * usage error naming where it came from.
 */
export function parseProxyUrl(text: string, from: string): URL {
  const withScheme = /^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `http://${text}`
  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    throw new UsageError(`${from}: '${proxyLabel(text)}' is not a proxy URL.`, {
      where: from,
      hint: 'Give it as http://HOST:PORT (or http://USER:PASS@HOST:PORT).',
    })
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`${from}: ${url.protocol.slice(0, -1)} proxies are not supported.`, {
      where: from,
      hint: 'apictl speaks to HTTP and HTTPS proxies (http://HOST:PORT or https://HOST:PORT).',
    })
  }
  if (url.hostname === '') {
    throw new UsageError(`${from}: '${proxyLabel(text)}' names no host.`, {
      where: from,
      hint: 'Give it as http://HOST:PORT.',
    })
  }
  return url
}

/** A proxy named in -v and in messages: its scheme, host and port, never its credentials. */
export function proxyLabel(proxy: string | URL): string {
  if (typeof proxy !== 'string') return `${proxy.protocol}//${proxy.host}`
  return proxy.replace(/^([a-z][a-z\d+.-]*:\/\/)?[^/@]*@/i, '$1')
}
