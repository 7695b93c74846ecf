import { readFileSync } from 'node:fs'
import { createSecureServer, type Http2SecureServer } from 'node:http2'
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../support/run-cli.js'
import { makeTestPki, type TestPki } from '../support/test-pki.js'

/** An HTTP/2 server (node:http2, HTTP/1.1 allowed too) and an HTTP/1.1-only one, both answering the protocol they spoke. */
let pki: TestPki
let h2: Http2SecureServer
let h1: HttpsServer
let h2Url: string
let h1Url: string
const seen: string[] = []

beforeAll(async () => {
  pki = makeTestPki()
  const tls = { key: readFileSync(pki.serverKeyFile), cert: readFileSync(pki.serverCertFile) }
  h2 = createSecureServer({ ...tls, allowHTTP1: true }, (request, response) => {
    seen.push(`${request.method} ${request.url} HTTP/${request.httpVersion}`)
    const body =
      request.url === '/graphql'
        ? { data: { protocol: request.httpVersion } }
        : { protocol: request.httpVersion }
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify(body))
  })
  h1 = createHttpsServer(tls, (request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ protocol: request.httpVersion }))
  })
  await new Promise<void>((resolve) => h2.listen(0, '127.0.0.1', resolve))
  await new Promise<void>((resolve) => h1.listen(0, '127.0.0.1', resolve))
  h2Url = `https://127.0.0.1:${(h2.address() as AddressInfo).port}`
  h1Url = `https://127.0.0.1:${(h1.address() as AddressInfo).port}`
})
afterAll(() => {
  h2.close()
  h1.close()
})

describe('--http2', () => {
  it('negotiates HTTP/2 by ALPN; -v shows the protocol; the process ends at once', async () => {
    const result = await runCli(['rest', 'get', `${h2Url}/v1/items`, '--http2', '--ca', pki.caFile, '-v'])
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual({ protocol: '2.0' })
    expect(result.stderr).toMatch(/^HTTP\/2 200/m)
    expect(seen).toContain('GET /v1/items HTTP/2.0')
  })

  it('without --http2 the same server is spoken to in HTTP/1.1', async () => {
    const result = await runCli(['rest', 'get', `${h2Url}/v1/items`, '--ca', pki.caFile, '-v'])
    expect(JSON.parse(result.stdout)).toEqual({ protocol: '1.1' })
    expect(result.stderr).toMatch(/^HTTP\/1\.1 200/m)
  })

  it('falls back to HTTP/1.1 when the server does not offer HTTP/2', async () => {
    const result = await runCli(['rest', 'get', `${h1Url}/v1/items`, '--http2', '--ca', pki.caFile, '-v'])
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual({ protocol: '1.1' })
    expect(result.stderr).toMatch(/^HTTP\/1\.1 200/m)
  })

  it('GraphQL goes over HTTP/2 too', async () => {
    const result = await runCli([
      'gql',
      '-e',
      `${h2Url}/graphql`,
      '{ protocol }',
      '--no-validate',
      '--http2',
      '--ca',
      pki.caFile,
    ])
    expect(result.stderr).toBe('')
    expect(JSON.parse(result.stdout)).toEqual({ protocol: '2.0' })
    expect(seen).toContain('POST /graphql HTTP/2.0')
  })

  it('--curl says --http2', async () => {
    const result = await runCli(['rest', 'get', `${h2Url}/v1/items`, '--http2', '--curl'])
    expect(result.stdout).toMatch(/ --http2( |$)/)
  })
})
