import { Agent, createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { connect, Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createSoapMount } from '../../../../src/protocols/soap/server/soap-mount.js'
import { Authenticator } from '../../../../src/server/kit/auth/authenticator.js'
import { TokenIssuer } from '../../../../src/server/kit/auth/token-issuer.js'
import { acceptExtensionPost } from '../../../../src/server/kit/http/extension-method.js'
import { Store } from '../../../../src/server/kit/store.js'
import { loadSeed } from '../../../../src/server/reference/seed.js'
import { call, envelope, reply, send } from './soap-test-support.js'

/**
 * M-POST (RFC 2774) on a node:http server carrying the SOAP mount. Node's
 * own parser refuses the method; acceptExtensionPost is the hook that lets
 * it through. (The reference server needs that hook installed in
 * start-server.ts to take M-POST; these tests build the server themselves.)
 */
let server: Server | undefined

async function soapServer(withHook: boolean): Promise<string> {
  const store = new Store(await loadSeed())
  let origin = ''
  const mount = createSoapMount({ store, auth: new Authenticator(new TokenIssuer()), origin: () => origin })
  server = createServer((request, response) => void mount.handle(request, response))
  if (withHook) acceptExtensionPost(server)
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return origin
}

afterEach(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve))
  server = undefined
})

const getOne = envelope('1.1', call('GetItem', '<tns:id>1</tns:id>'))
const man = '"http://schemas.xmlsoap.org/soap/envelope/"; ns=01'

function mpost(url: string, body: string, headers: Record<string, string>, agent: Agent | false = false) {
  return send(`${url}/soap`, 'M-POST', { 'content-type': 'text/xml; charset=utf-8', ...headers }, body, agent)
}

describe('M-POST, the HTTP Extension Framework form of a SOAP request', () => {
  it('is refused by Node alone (why the hook exists)', async () => {
    const url = await soapServer(false)
    const answer = await mpost(url, getOne, { man, '01-soapaction': '"urn:apictl:items#GetItem"' }).catch(
      (error: Error) => ({ status: 0, error }),
    )
    expect(answer.status === 400 || answer.status === 0).toBe(true)
  })

  it('is answered like POST, with Ext, reading the ns-prefixed SOAPAction', async () => {
    const url = await soapServer(true)
    const answer = await mpost(url, getOne, { man, '01-soapaction': '"urn:apictl:items#GetItem"' })
    expect(answer.status).toBe(200)
    expect(answer.headers.ext).toBe('')
    expect(reply(answer).kind === 'result').toBe(true)
    const mismatch = await mpost(url, getOne, { man, '01-soapaction': '"urn:apictl:items#DeleteItem"' })
    expect(
      reply(mismatch).kind === 'fault' && (reply(mismatch) as { fault: { reason: string } }).fault.reason,
    ).toMatch(/does not match the Body's GetItem/)
    const optional = await mpost(url, getOne, { opt: man, '01-soapaction': '""' })
    expect(optional.status).toBe(200)
  })

  it('still needs a SOAPAction, and refuses unknown mandatory extensions with 510', async () => {
    const url = await soapServer(true)
    const missing = await mpost(url, getOne, { man })
    expect(missing.status).toBe(500)
    expect(missing.body).toContain('needs a SOAPAction header')
    const unknown = await mpost(url, getOne, { man: '"urn:example:payments"; ns=02', soapaction: '""' })
    expect(unknown.status).toBe(510)
    expect(unknown.body).toBe('')
  })

  it('carries a body that arrives in many chunks', async () => {
    const url = await soapServer(true)
    const big = envelope('1.1', call('GetItem', `<tns:id>${'x'.repeat(500_000)}</tns:id>`))
    const answer = await mpost(url, big, { man, '01-soapaction': '""' })
    expect(answer.status).toBe(500)
    expect(
      reply(answer).kind === 'fault' && (reply(answer) as { fault: { reason: string } }).fault.reason,
    ).toMatch(/^item "x{500000}" does not exist$/)
  })

  it('keeps the connection usable: M-POST, M-POST, then POST on one socket', async () => {
    const url = await soapServer(true)
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const sockets = new Set<unknown>()
    server!.on('connection', (socket) => sockets.add(socket))
    try {
      for (let round = 0; round < 2; round++) {
        expect((await mpost(url, getOne, { man, '01-soapaction': '""' }, agent)).status).toBe(200)
      }
      const plain = await send(
        `${url}/soap`,
        'POST',
        { 'content-type': 'text/xml', soapaction: '""' },
        getOne,
        agent,
      )
      expect(plain.status).toBe(200)
      // One TCP connection carried all three (the other connections are the replays the hook hands the server).
      expect([...sockets].filter((socket) => socket instanceof Socket)).toHaveLength(1)
    } finally {
      agent.destroy()
    }
  })

  it('answers other unparsable requests with 400 as Node would', async () => {
    const url = await soapServer(true)
    const { port } = new URL(url)
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write('BREW /soap HTTP/1.1\r\nHost: x\r\n\r\n'),
      )
      let received = ''
      socket.on('data', (chunk) => {
        received += chunk
      })
      socket.on('close', () => resolve(received))
      socket.on('error', reject)
    })
    expect(text).toMatch(/^HTTP\/1.1 400 Bad Request/)
  })
})
