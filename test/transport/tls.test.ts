import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import type { TLSSocket } from 'node:tls'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isolatedEnv, runCli } from '../support/run-cli.js'
import { makeTestPki, type TestPki } from '../support/test-pki.js'

/**
 * A TLS server whose certificate a private CA signed, and that asks for a
 * client certificate from the same CA (mutual TLS): it answers with the
 * name on the certificate it was shown, so the test sees what it received.
 */
let pki: TestPki
let server: Server
let url: string
const seen: Array<{ method: string; path: string; client: string | null }> = []

beforeAll(async () => {
  pki = makeTestPki()
  server = createServer(
    {
      key: readFileSync(pki.serverKeyFile),
      cert: readFileSync(pki.serverCertFile),
      ca: readFileSync(pki.caFile),
      requestCert: true,
      rejectUnauthorized: true,
    },
    (request, response) => {
      const peer = (request.socket as TLSSocket).getPeerCertificate()
      seen.push({
        method: request.method ?? '',
        path: request.url ?? '',
        client: String(peer.subject?.CN ?? '') || null,
      })
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ client: peer.subject?.CN ?? null, path: request.url }))
    },
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => server.close())

describe('--ca and mutual TLS (--cert, --key)', () => {
  it('verifies by default: a certificate from an unknown CA is exit 3, naming TLS and --ca', async () => {
    const result = await runCli(['rest', 'get', `${url}/v1/items`])
    expect(result.code).toBe(3)
    expect(result.stderr).toMatch(/TLS failed with 127\.0\.0\.1/)
  })

  it('--ca trusts the private CA; --cert/--key show the client certificate the server checks', async () => {
    const result = await runCli([
      'rest',
      'get',
      `${url}/v1/items`,
      '--ca',
      pki.caFile,
      '--cert',
      pki.clientCertFile,
      '--key',
      pki.clientKeyFile,
    ])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual({ client: 'client', path: '/v1/items' })
  })

  it('without a client certificate, or with one from another CA, the server refuses: exit 3', async () => {
    const none = await runCli(['rest', 'get', `${url}/x`, '--ca', pki.caFile])
    expect(none.code).toBe(3)
    expect(none.stderr).toMatch(/TLS failed with 127\.0\.0\.1:\d+: the server asks for a client certificate/)
    expect(none.stderr).toMatch(/--cert FILE/)
    const stranger = await runCli([
      'rest',
      'get',
      `${url}/x`,
      '--ca',
      pki.caFile,
      '--cert',
      pki.strangerCertFile,
      '--key',
      pki.strangerKeyFile,
    ])
    expect(stranger.code).toBe(3)
    // TLS 1.3: the refusal may come as an alert (named) or as the connection reset.
    expect(stranger.stderr).toMatch(/the server refused the client certificate|closed or reset/)
  })

  it('a missing or wrong file is a usage error before anything is sent (exit 2)', async () => {
    const missing = await runCli(['rest', 'get', `${url}/x`, '--ca', '/nonexistent/ca.pem'])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toMatch(/--ca \/nonexistent\/ca\.pem: cannot read it \(no such file\)/)
    const keyAsCert = await runCli(['rest', 'get', `${url}/x`, '--cert', pki.clientKeyFile])
    expect(keyAsCert.code).toBe(2)
    expect(keyAsCert.stderr).toMatch(/not a PEM certificate/)
    const noKey = await runCli(['rest', 'get', `${url}/x`, '--cert', pki.clientCertFile])
    expect(noKey.code).toBe(2)
    expect(noKey.stderr).toMatch(/holds no private key, and --key is not given/)
  })

  it('GraphQL and SOAP requests carry the client certificate too', async () => {
    const tlsFlags = ['--ca', pki.caFile, '--cert', pki.clientCertFile, '--key', pki.clientKeyFile]
    const before = seen.length
    // The server's JSON answer is neither a GraphQL result nor an envelope: what is checked is what it received.
    await runCli(['gql', '-e', `${url}/graphql`, '{ a }', '--no-validate', ...tlsFlags])
    await runCli(['soap', 'call', 'Ping', '-e', `${url}/soap`, '--ns', 'urn:x', '--no-wsdl', ...tlsFlags])
    expect(seen.slice(before)).toEqual([
      { method: 'POST', path: '/graphql', client: 'client' },
      { method: 'POST', path: '/soap', client: 'client' },
    ])
  })

  it('--curl gives --cacert, --cert and --key: the command works against the same server', async () => {
    const curl = await runCli([
      'rest',
      'get',
      `${url}/v1/items`,
      '--ca',
      pki.caFile,
      '--cert',
      pki.clientCertFile,
      '--key',
      pki.clientKeyFile,
      '--curl',
    ])
    expect(curl.stdout).toContain(
      `--cacert ${pki.caFile} --cert ${pki.clientCertFile} --key ${pki.clientKeyFile}`,
    )
    const { stdout } = await promisify(execFile)('sh', ['-c', curl.stdout])
    expect(JSON.parse(stdout)).toEqual({ client: 'client', path: '/v1/items' })
  })
})

describe('TLS files in a profile', () => {
  it('profile add --ca --cert --key keeps absolute paths and every request uses them', async () => {
    const env = isolatedEnv()
    const added = await runCli(
      [
        'profile',
        'add',
        'mtls',
        '--rest',
        url,
        '--ca',
        'test-ca.pem',
        '--cert',
        'client.pem',
        '--key',
        'client.key',
      ],
      { env, cwd: pki.dir },
    )
    expect(added.code).toBe(0)
    const shown = await runCli(['profile', 'show', 'mtls'], { env })
    expect(shown.stdout).toContain(`ca:        ${pki.caFile}`)
    expect(shown.stdout).toContain(`cert:      ${pki.clientCertFile} (key ${pki.clientKeyFile})`)
    const result = await runCli(['rest', 'get', '/v1/items', '--profile', 'mtls', '--no-lint'], { env })
    expect(result.stderr).toBe('')
    expect(JSON.parse(result.stdout)).toEqual({ client: 'client', path: '/v1/items' })
  })

  it('profile add refuses a file that is not PEM (exit 2), and stores nothing', async () => {
    const env = isolatedEnv()
    const result = await runCli(['profile', 'add', 'bad', '--rest', url, '--ca', pki.clientKeyFile], { env })
    expect(result.code).toBe(2)
    const list = await runCli(['profile', 'list'], { env })
    expect(list.stdout).not.toContain('bad')
  })
})
