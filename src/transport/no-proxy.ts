import { BlockList, isIP } from 'node:net'

/**
 * Whether a NO_PROXY list (curl's rules) names the URL's host: entries are
 * separated by commas or spaces; `*` alone matches every host; a name matches
 * itself and every name under it (`example.com` and `.example.com` both match
 * `example.com` and `api.example.com`, never `notexample.com`); an IP address
 * matches itself, and `10.0.0.0/8` a whole network (curl 7.86+); an entry
 * with `:port` matches that port only (as Go and Python requests read it).
 * Case does not matter; an empty list matches nothing.
 */
export function isNoProxy(url: URL, list: string | undefined): boolean {
  if (list === undefined) return false
  const entries = list.split(/[\s,]+/).filter((entry) => entry !== '')
  if (entries.length === 1 && entries[0] === '*') return true
  const host = bareHost(url.hostname)
  const port = url.port || (url.protocol === 'https:' ? '443' : '80')
  return entries.some((entry) => matches(entry, host, port))
}

function matches(entry: string, host: string, port: string): boolean {
  if (entry === '*') return true
  const { name, port: wanted } = splitPort(entry)
  if (wanted !== undefined && wanted !== port) return false
  if (name.includes('/')) return inNetwork(host, name)
  const pattern = bareHost(name).replace(/^\*?\./, '')
  if (pattern === '') return false
  if (isIP(pattern) !== 0 || isIP(host) !== 0) return pattern === host
  return host === pattern || host.endsWith(`.${pattern}`)
}

/** `host:8080` → host and port; `[::1]:8080` and `::1` (an IPv6 address has colons of its own). */
function splitPort(entry: string): { name: string; port?: string } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry)
  if (bracketed) return { name: bracketed[1]!, port: bracketed[2] }
  const colon = entry.lastIndexOf(':')
  if (colon > 0 && entry.indexOf(':') === colon && /^\d+$/.test(entry.slice(colon + 1))) {
    return { name: entry.slice(0, colon), port: entry.slice(colon + 1) }
  }
  return { name: entry }
}

function inNetwork(host: string, cidr: string): boolean {
  const [network = '', bitsText = ''] = cidr.split('/')
  const family = isIP(network)
  const bits = Number(bitsText)
  if (family === 0 || isIP(host) !== family || !Number.isInteger(bits)) return false
  const type = family === 4 ? 'ipv4' : 'ipv6'
  if (bits < 0 || bits > (family === 4 ? 32 : 128)) return false
  const list = new BlockList()
  list.addSubnet(network, bits, type)
  return list.check(host, type)
}

/** Lower case, without IPv6 brackets or a trailing dot. */
function bareHost(host: string): string {
  return host
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
}
