import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../src/server/reference/start-server.js'
import { isolatedEnv, runCli } from '../support/run-cli.js'
import { makeTestPki, type TestPki } from '../support/test-pki.js'
import { startTestProxy, type TestProxy } from '../support/test-proxy.js'

/**
 * A real proxy path: `api.test` and `secure.test` resolve only inside the
 * test's proxy (to the reference server and to a TLS server with a private
 * CA), so an answer from them proves the request went through the proxy.
 */
let reference: RunningServer
let tls: Server
let pki: TestPki
let proxy: TestProxy
let guarded: TestProxy
const SECRET = 'pr0xy-s3cret'

beforeAll(async () => {
  pki = makeTestPki()
  // api.test is the name the proxy forwards: the server answers it as one of its own (--public-host).
  reference = await startServer({ port: 0, host: '127.0.0.1', publicHosts: ['api.test'] })
  tls = createServer(
    { key: readFileSync(pki.serverKeyFile), cert: readFileSync(pki.serverCertFile) },
    (request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ secure: true, host: request.headers.host }))
    },
  )
  await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve))
  const hosts = {
    'api.test': new URL(reference.url).host,
    'secure.test': `127.0.0.1:${(tls.address() as AddressInfo).port}`,
  }
  proxy = await startTestProxy({ hosts })
  guarded = await startTestProxy({ hosts, credentials: `alice:${SECRET}` })
})
afterAll(async () => {
  await Promise.all([reference.close(), proxy.close(), guarded.close()])
  tls.close()
})

const since = (list: TestProxy, count: number) => list.received.slice(count)

describe('HTTP_PROXY and HTTPS_PROXY', () => {
  it('REST over plain http is forwarded: the proxy gets the absolute URL, the server the request', async () => {
    const before = proxy.received.length
    const result = await runCli(['rest', 'get', 'http://api.test/v1/items/1'], {
      env: isolatedEnv({ HTTP_PROXY: proxy.url }),
    })
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toMatchObject({ id: '1' })
    expect(since(proxy, before)).toEqual([
      { method: 'GET', target: 'http://api.test/v1/items/1', proxyAuthorization: undefined },
    ])
  })

  it('GraphQL and SOAP go through the same proxy (lower-case http_proxy too)', async () => {
    const before = proxy.received.length
    const env = isolatedEnv({ http_proxy: proxy.url })
    const gql = await runCli(['gql', '-e', 'http://api.test/graphql', '{ item(id: "1") { id } }'], { env })
    expect(gql.stderr).toBe('')
    expect(JSON.parse(gql.stdout)).toEqual({ item: { id: '1' } })
    const soap = await runCli(
      ['soap', 'call', 'GetItem', 'id=1', '--wsdl', 'http://api.test/soap?wsdl', '-o', 'json'],
      { env },
    )
    expect(soap.stderr).toBe('')
    expect(JSON.parse(soap.stdout)).toMatchObject({ operation: 'GetItemResponse' })
    const targets = since(proxy, before).map((each) => `${each.method} ${each.target}`)
    expect(targets).toContain('POST http://api.test/graphql')
    expect(targets).toContain('GET http://api.test/soap?wsdl')
    expect(targets).toContain('POST http://api.test/soap')
  })

  it('https is tunnelled with CONNECT, and the server certificate checked against --ca', async () => {
    const before = proxy.received.length
    const env = isolatedEnv({ HTTPS_PROXY: proxy.url })
    const result = await runCli(['rest', 'get', 'https://secure.test/v1/x', '--ca', pki.caFile], { env })
    expect(result.stderr).toBe('')
    expect(JSON.parse(result.stdout)).toEqual({ secure: true, host: 'secure.test' })
    expect(since(proxy, before)).toEqual([
      { method: 'CONNECT', target: 'secure.test:443', proxyAuthorization: undefined },
    ])
    // Without the CA the tunnel still opens, and the certificate is refused at the end of it.
    const refused = await runCli(['rest', 'get', 'https://secure.test/v1/x'], { env })
    expect(refused.code).toBe(3)
    expect(refused.stderr).toMatch(/TLS failed with secure\.test/)
  })

  it('NO_PROXY names hosts reached directly (curl rules: suffixes, ports, *)', async () => {
    const before = proxy.received.length
    const direct = `${reference.url}/v1/items/1`
    const port = new URL(reference.url).port
    for (const noProxy of [
      '127.0.0.1',
      '.example.com 127.0.0.1',
      `127.0.0.1:${port}`,
      '*',
      'example.com, 127.0.0.0/8',
    ]) {
      const result = await runCli(['rest', 'get', direct], {
        env: isolatedEnv({ HTTP_PROXY: 'http://127.0.0.1:1', NO_PROXY: noProxy }),
      })
      expect(result.code, noProxy).toBe(0)
    }
    // A port that is not the URL's does not match: the (dead) proxy is used, and named.
    const missed = await runCli(['rest', 'get', direct], {
      env: isolatedEnv({ HTTP_PROXY: 'http://127.0.0.1:1', no_proxy: '127.0.0.1:1' }),
    })
    expect(missed.code).toBe(3)
    expect(missed.stderr).toMatch(/Could not reach the proxy http:\/\/127\.0\.0\.1:1 \(connection refused\)/)
    expect(since(proxy, before)).toEqual([])
  })

  it('the built-in local profile never goes through a proxy from the environment', async () => {
    const result = await runCli(['rest', 'get', '/v1/items/1'], {
      env: isolatedEnv({ HTTP_PROXY: 'http://127.0.0.1:1', HTTPS_PROXY: 'http://127.0.0.1:1' }),
    })
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toMatchObject({ id: '1' })
  })
})

describe('--proxy with credentials', () => {
  const proxyUrl = () => guarded.url.replace('://', `://alice:${SECRET}@`)

  it('sends Proxy-Authorization (forwarded and CONNECT) and never shows the password', async () => {
    const before = guarded.received.length
    const plain = await runCli(['rest', 'get', 'http://api.test/v1/items/1', '--proxy', proxyUrl(), '-v'])
    expect(plain.code).toBe(0)
    expect(plain.stderr).toContain(`via proxy ${guarded.url} (--proxy)`)
    const secure = await runCli([
      'rest',
      'get',
      'https://secure.test/',
      '--proxy',
      proxyUrl(),
      '--ca',
      pki.caFile,
      '-v',
    ])
    expect(secure.code).toBe(0)
    const basic = `Basic ${Buffer.from(`alice:${SECRET}`).toString('base64')}`
    expect(since(guarded, before).map((each) => [each.method, each.proxyAuthorization])).toEqual([
      ['GET', basic],
      ['CONNECT', basic],
    ])
    for (const output of [plain.stderr, secure.stderr]) {
      expect(output).not.toContain(SECRET)
      expect(output).not.toContain(Buffer.from(`alice:${SECRET}`).toString('base64'))
    }
  })

  it('a refused tunnel (407) is exit 3, saying so without the password', async () => {
    const wrong = guarded.url.replace('://', '://alice:wrong-password@')
    const result = await runCli(['rest', 'get', 'https://secure.test/', '--proxy', wrong, '--ca', pki.caFile])
    expect(result.code).toBe(3)
    expect(result.stderr).toMatch(/The proxy http:\/\/127\.0\.0\.1:\d+ refused to open a tunnel \(407/)
    expect(result.stderr).not.toContain('wrong-password')
  })

  it('--curl prints --proxy, and the command curl runs goes through it', async () => {
    const result = await runCli(['rest', 'get', 'http://api.test/v1/items/1', '--proxy', proxy.url, '--curl'])
    expect(result.stdout).toContain(`--proxy ${proxy.url}/`)
    const before = proxy.received.length
    // Asynchronously: the proxy answering it runs in this process.
    const { stdout } = await promisify(execFile)('sh', ['-c', result.stdout], {
      env: { PATH: process.env.PATH },
    })
    expect(JSON.parse(stdout)).toMatchObject({ id: '1' })
    expect(since(proxy, before).map((each) => each.target)).toEqual(['http://api.test/v1/items/1'])
  })

  it('a proxy URL apictl cannot use is a usage error (exit 2)', async () => {
    const result = await runCli(['rest', 'get', 'http://api.test/', '--proxy', 'socks5://127.0.0.1:1080'])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/socks5 proxies are not supported/)
  })
})
