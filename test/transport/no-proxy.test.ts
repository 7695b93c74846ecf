import { describe, expect, it } from 'vitest'
import { isNoProxy } from '../../src/transport/no-proxy.js'
import { parseProxyUrl, proxyFor, proxyLabel } from '../../src/transport/proxy-for.js'

const matches = (url: string, list: string) => isNoProxy(new URL(url), list)

describe('NO_PROXY, as curl reads it', () => {
  it('a name matches itself and every name under it, with or without a leading dot', () => {
    for (const list of ['example.com', '.example.com', '*.example.com', 'EXAMPLE.COM']) {
      expect(matches('http://example.com/', list), list).toBe(true)
      expect(matches('https://api.example.com/', list), list).toBe(true)
      expect(matches('http://notexample.com/', list), list).toBe(false)
    }
  })

  it('* alone matches everything; an empty list nothing', () => {
    expect(matches('http://anything.test/', '*')).toBe(true)
    expect(matches('http://anything.test/', '')).toBe(false)
    expect(matches('http://anything.test/', ' , ')).toBe(false)
  })

  it('entries are separated by commas or spaces', () => {
    expect(matches('http://b.test/', 'a.test, b.test')).toBe(true)
    expect(matches('http://b.test/', 'a.test b.test')).toBe(true)
  })

  it('an entry with a port matches that port only (the scheme gives the default)', () => {
    expect(matches('http://api.test:8080/', 'api.test:8080')).toBe(true)
    expect(matches('http://api.test:8081/', 'api.test:8080')).toBe(false)
    expect(matches('https://api.test/', 'api.test:443')).toBe(true)
    expect(matches('http://api.test/', 'api.test:443')).toBe(false)
  })

  it('IP addresses match exactly or by CIDR network, never as name suffixes', () => {
    expect(matches('http://10.1.2.3/', '10.1.2.3')).toBe(true)
    expect(matches('http://10.1.2.3/', '10.0.0.0/8')).toBe(true)
    expect(matches('http://11.1.2.3/', '10.0.0.0/8')).toBe(false)
    expect(matches('http://10.1.2.3/', '.2.3')).toBe(false)
    expect(matches('http://[::1]:8080/', '::1')).toBe(true)
    expect(matches('http://[::1]:8080/', '[::1]:8080')).toBe(true)
    expect(matches('http://[2001:db8::5]/', '2001:db8::/32')).toBe(true)
  })
})

describe('choosing a proxy', () => {
  const env = {
    https_proxy: 'http://secure-proxy:3128',
    HTTP_PROXY: 'plain-proxy:8080',
    NO_PROXY: 'internal.test',
  }

  it('by scheme, lower case before upper case; a bare host:port is http://', () => {
    expect(proxyFor('https://api.test/', { env })?.url.href).toBe('http://secure-proxy:3128/')
    expect(proxyFor('http://api.test/', { env })).toMatchObject({ from: 'HTTP_PROXY' })
    expect(proxyFor('http://api.test/', { env })?.url.href).toBe('http://plain-proxy:8080/')
    expect(
      proxyFor('http://api.test/', { env: { http_proxy: 'http://a:1', HTTP_PROXY: 'http://b:1' } })?.url.host,
    ).toBe('a:1')
    expect(proxyFor('http://api.test/', { env: { ALL_PROXY: 'http://all:1' } })?.from).toBe('ALL_PROXY')
  })

  it('--proxy wins over the environment; NO_PROXY and direct origins apply to both', () => {
    expect(proxyFor('https://api.test/', { url: 'http://mine:1', env })?.from).toBe('--proxy')
    expect(proxyFor('https://internal.test/', { url: 'http://mine:1', env })).toBeUndefined()
    expect(
      proxyFor('http://127.0.0.1:4000/x', { url: 'http://mine:1', direct: ['http://127.0.0.1:4000'] }),
    ).toBeUndefined()
    expect(proxyFor('http://api.test/', undefined)).toBeUndefined()
  })

  it('names a proxy without its credentials', () => {
    expect(proxyLabel('http://u:secret@proxy:3128')).toBe('http://proxy:3128')
    expect(proxyLabel(parseProxyUrl('http://u:secret@proxy:3128', '--proxy'))).toBe('http://proxy:3128')
    expect(() => parseProxyUrl('http://u:secret@', '--proxy')).toThrow(/not a proxy URL/)
    expect(() => parseProxyUrl('http://u:secret@', '--proxy')).not.toThrow(/secret/)
  })
})
