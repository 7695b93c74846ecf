// DNS rebinding and cross-site requests: the server answers only Host names it listens as, and takes
// writes and WebSocket upgrades from browser pages on its own origin only (SPEC §7).
import { connect } from 'node:net'
import { describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { UsageError } from '../../../src/core/errors.js'
import { HostAllowList, publicHostProblem } from '../../../src/server/kit/http/host-allow-list.js'
import { startServer } from '../../../src/server/reference/start-server.js'
import { rawRequest } from './hostile-helpers.js'
import { basicAuth, useServer } from './server-helpers.js'

const context = useServer({ publicHosts: ['api.example.test', '.corp.example.test'] })
const port = () => context.server.port
const evil = 'rebind.attacker.example'
const itemBody = JSON.stringify({ name: 'From a page', price: 1 })
const writeHeaders = { 'content-type': 'application/json', authorization: basicAuth }

function count(): number {
  return context.server.store.count()
}

describe('the Host allow-list', () => {
  it('lists loopback names, the listening address and --public-host names; the port is not compared', () => {
    const hosts = new HostAllowList('127.0.0.1', ['api.example.test', '.corp.example.test'])
    for (const host of [
      'localhost',
      'LOCALHOST:4000',
      'app.localhost:4000',
      '127.0.0.1:4000',
      '127.9.9.9',
      '[::1]:4000',
      'localhost.:4000',
      'api.example.test:443',
      'corp.example.test',
      'a.b.corp.example.test:8080',
    ]) {
      expect(hosts.allows(host), host).toBe(true)
    }
    for (const host of [
      'rebind.attacker.example:4000',
      '10.0.0.1:4000',
      'example.test',
      'xcorp.example.test',
      'api.example.test.attacker.example',
      '127.0.0.1.nip.io',
      '',
      'bad host',
      'localhost:4000/x',
      '[::1',
    ]) {
      expect(hosts.allows(host), host).toBe(false)
    }
  })

  it('takes any IP address when listening on every interface, but no other name', () => {
    const hosts = new HostAllowList('0.0.0.0')
    expect(hosts.allows('192.168.1.20:4000')).toBe(true)
    expect(hosts.allows('[fe80::1]:4000')).toBe(true)
    expect(hosts.allows('printer.lan:4000')).toBe(false)
    expect(new HostAllowList('192.168.1.20').allows('192.168.1.21')).toBe(false)
  })

  it('refuses --public-host values that are not host names, naming what is wrong', async () => {
    expect(publicHostProblem('api.example.test')).toBeUndefined()
    expect(publicHostProblem('.example.test')).toBeUndefined()
    expect(publicHostProblem('[::1]')).toBeUndefined()
    expect(publicHostProblem('http://api.example.test')).toMatch(/without a scheme/)
    expect(publicHostProblem('api.example.test:8080')).toMatch(/any port is accepted/)
    expect(publicHostProblem('a b')).toMatch(/not a host name/)
    const refused = startServer({ port: 0, env: {}, publicHosts: ['http://x.test/'] })
    await expect(refused).rejects.toBeInstanceOf(UsageError)
    await expect(refused).rejects.toThrow(/--public-host "http:\/\/x.test\/" cannot be used/)
  })
})

describe('a rebound host name (DNS rebinding)', () => {
  it('gets 421 problem+json everywhere, with nothing echoed into Link, Location or the WSDL', async () => {
    const host = `${evil}:${port()}`
    const before = count()
    const answers = await Promise.all([
      rawRequest(`${context.url}/v1/items?limit=2`, { headers: { host } }),
      rawRequest(`${context.url}/v1/items`, {
        method: 'POST',
        headers: { host, ...writeHeaders },
        body: itemBody,
      }),
      rawRequest(`${context.url}/soap?wsdl`, { headers: { host } }),
      rawRequest(`${context.url}/graphql`, {
        method: 'POST',
        headers: { host, ...writeHeaders },
        body: JSON.stringify({ query: 'mutation { createItem(input: {name: "x", price: 1}) { id } }' }),
      }),
      rawRequest(`${context.url}/oauth/token`, {
        method: 'POST',
        headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials&client_id=demo&client_secret=demo-secret',
      }),
      rawRequest(`${context.url}/`, { headers: { host } }),
    ])
    for (const answer of answers) {
      expect(answer.status).toBe(421)
      expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/)
      expect(JSON.parse(answer.body).detail).toMatch(/does not answer to the host name .*--public-host/)
      expect(answer.headers.link).toBeUndefined()
      expect(answer.headers.location).toBeUndefined()
      expect(answer.body).not.toMatch(/access_token|soap:address|"data"/)
      expect(answer.headers.connection).toBe('close')
    }
    expect(count()).toBe(before)
  })

  it('is refused in an absolute-form target too, and a malformed Host is refused', async () => {
    const absolute = await rawRequest(`${context.url}/v1/items`, {
      method: 'POST',
      headers: { ...writeHeaders, host: `127.0.0.1:${port()}` },
      body: itemBody,
    })
    expect(absolute.status).toBe(201)
    const proxied = await new Promise<string>((resolve, reject) => {
      const socket = connect(port(), '127.0.0.1', () =>
        socket.write(`GET http://${evil}/v1/items HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
      )
      let text = ''
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1')
      })
      socket.on('end', () => resolve(text))
      socket.on('error', reject)
    })
    expect(proxied).toMatch(/^HTTP\/1\.1 421 /)
    const malformed = await rawRequest(`${context.url}/v1/items/1`, { headers: { host: 'x/<y>' } })
    expect(malformed.status).toBe(421)
  })

  it('answers the names it listens as, and builds Link and Location from them', async () => {
    for (const host of [
      `localhost:${port()}`,
      `127.0.0.1:${port()}`,
      `[::1]:${port()}`,
      `api.example.test:8443`,
      `eu.corp.example.test`,
    ]) {
      const list = await rawRequest(`${context.url}/v1/items?limit=30`, { headers: { host } })
      expect(list.status, host).toBe(200)
      expect(list.headers.link).toContain(`<http://${host}/v1/items?page=2&limit=30>`)
      const created = await rawRequest(`${context.url}/v1/items`, {
        method: 'POST',
        headers: { host, ...writeHeaders },
        body: itemBody,
      })
      expect(created.status, host).toBe(201)
      expect(created.headers.location).toMatch(
        new RegExp(`^http://${host.replace(/[[\].]/g, '\\$&')}/v1/items/`),
      )
    }
  })

  it('refuses an Expect: 100-continue body without asking for it', async () => {
    const answer = await rawRequest(`${context.url}/v1/items`, {
      method: 'POST',
      headers: { host: evil, expect: '100-continue', ...writeHeaders },
      body: itemBody,
    })
    expect(answer.status).toBe(421)
  })
})

describe('requests from browser pages on another origin', () => {
  const foreign = 'https://evil.example'

  it('refuses writes in every style with 403 problem+json, and changes nothing', async () => {
    const before = count()
    const writes = await Promise.all([
      rawRequest(`${context.url}/v1/items`, {
        method: 'POST',
        headers: { origin: foreign, ...writeHeaders },
        body: itemBody,
      }),
      rawRequest(`${context.url}/v1/items/1`, {
        method: 'DELETE',
        headers: { origin: foreign, authorization: basicAuth },
      }),
      rawRequest(`${context.url}/graphql`, {
        method: 'POST',
        headers: { origin: foreign, ...writeHeaders },
        body: JSON.stringify({ query: 'mutation { createItem(input: {name: "x", price: 1}) { id } }' }),
      }),
      rawRequest(`${context.url}/soap`, {
        method: 'POST',
        headers: { origin: foreign, 'content-type': 'text/xml; charset=utf-8', soapaction: '""' },
        body: '<x/>',
      }),
      rawRequest(`${context.url}/v1/items`, {
        method: 'POST',
        headers: { origin: 'null', ...writeHeaders },
        body: itemBody,
      }),
      rawRequest(`${context.url}/v1/items`, {
        method: 'POST',
        headers: { 'sec-fetch-site': 'cross-site', ...writeHeaders },
        body: itemBody,
      }),
      rawRequest(`${context.url}/v1/items`, {
        method: 'POST',
        // Same host, another port: another origin (another local app).
        headers: { origin: `http://127.0.0.1:${port() + 1}`, ...writeHeaders },
        body: itemBody,
      }),
    ])
    for (const answer of writes) {
      expect(answer.status).toBe(403)
      expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/)
      expect(JSON.parse(answer.body).detail).toMatch(/refused/)
    }
    expect(JSON.parse(writes[0]!.body).detail).toContain('"https://evil.example"')
    expect(count()).toBe(before)
    expect((await fetch(`${context.url}/v1/items/1`)).status).toBe(200)
  })

  it('leaves reads open to them, and writes open to the own origin and to clients without Origin', async () => {
    const read = await rawRequest(`${context.url}/v1/items/1`, { headers: { origin: foreign } })
    expect(read.status).toBe(200)
    for (const origin of [
      context.url,
      `http://localhost:${port()}`,
      `http://api.example.test:${port()}`,
      undefined,
    ]) {
      const created = await rawRequest(`${context.url}/v1/items`, {
        method: 'POST',
        headers: { ...(origin === undefined ? {} : { origin }), ...writeHeaders },
        body: itemBody,
      })
      expect(created.status, origin).toBe(201)
    }
    // A page on api.example.test (behind a TLS proxy) writing to the same name.
    const proxied = await rawRequest(`${context.url}/v1/items`, {
      method: 'POST',
      headers: { host: 'api.example.test', origin: 'https://api.example.test', ...writeHeaders },
      body: itemBody,
    })
    expect(proxied.status).toBe(201)
  })

  it('refuses their WebSocket upgrades on /graphql, and accepts those without Origin or from the own origin', async () => {
    const url = `${context.url.replace(/^http/, 'ws')}/graphql`
    const handshake = (origin?: string) =>
      new Promise<number>((resolve, reject) => {
        const socket = new WebSocket(url, 'graphql-transport-ws', origin === undefined ? {} : { origin })
        socket.on('open', () => {
          socket.close()
          resolve(101)
        })
        socket.on('unexpected-response', (_request, response) => {
          response.resume()
          resolve(response.statusCode ?? 0)
        })
        socket.on('error', reject)
      })
    expect(await handshake(foreign)).toBe(403)
    expect(await handshake('null')).toBe(403)
    expect(await handshake()).toBe(101)
    expect(await handshake(context.url)).toBe(101)
  })
})
