// serve --host 0.0.0.0: the WSDL's soap:address is the URL the client used (its Host header), not 0.0.0.0.
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../../../src/server/reference/start-server.js'
import { call, envelope, postSoap, reply, send } from './soap-test-support.js'

let server: RunningServer
let local: string
beforeAll(async () => {
  server = await startServer({ port: 0, host: '0.0.0.0', env: {}, publicHosts: ['api.example.test'] })
  local = `http://127.0.0.1:${server.port}`
})
afterAll(() => server.close())

function addresses(wsdl: string): string[] {
  return [...wsdl.matchAll(/<soap(?:12)?:address location="([^"]*)"\/>/g)].map((match) => match[1]!)
}

/** A raw HTTP/1.0 request with no Host header at all (fetch and node:http always send one). */
function withoutHost(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.0\r\n\r\n`))
    const chunks: Buffer[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    socket.on('error', reject)
  })
}

describe('the WSDL address on a server listening on every interface', () => {
  it('is the address the client used, not 0.0.0.0', async () => {
    expect(server.url).toBe(`http://0.0.0.0:${server.port}`)
    const wsdl = await (await fetch(`${local}/soap?wsdl`)).text()
    expect(addresses(wsdl)).toEqual([`${local}/soap`, `${local}/soap`])
  })

  it('follows the Host header (a --public-host name), as REST Link headers do', async () => {
    const answer = await send(`${local}/soap?wsdl`, 'GET', { host: 'api.example.test:8080' }, '')
    expect(addresses(answer.body)).toEqual([
      'http://api.example.test:8080/soap',
      'http://api.example.test:8080/soap',
    ])
    // The next client's own Host again, not the previous one's.
    expect(addresses(await (await fetch(`${local}/soap?wsdl`)).text())[0]).toBe(`${local}/soap`)
  })

  it('refuses a Host it does not answer to, and falls back to the listening address without one', async () => {
    for (const host of ['bad host/<x>', 'rebind.attacker.example:4000']) {
      const refused = await send(`${local}/soap?wsdl`, 'GET', { host }, '')
      expect(refused.status).toBe(421)
      expect(refused.body).not.toMatch(/soap:address/)
    }
    // Listening on every interface, any address a client uses is answered.
    const other = await send(`${local}/soap?wsdl`, 'GET', { host: `10.1.2.3:${server.port}` }, '')
    expect(addresses(other.body)[0]).toBe(`http://10.1.2.3:${server.port}/soap`)
    const raw = await withoutHost('/soap?wsdl')
    expect(raw).toMatch(/^HTTP\/1\.1 200/)
    expect(addresses(raw)[0]).toBe(`${server.url}/soap`)
  })

  it('names the address a message came to as the actor of its faults, and honours both addresses', async () => {
    const raise = call('RaiseFault', '<tns:code>Server</tns:code><tns:message>as asked</tns:message>')
    const result = reply(await postSoap(local, envelope('1.1', raise)))
    expect(result.kind === 'fault' && result.fault.actor).toBe(`${local}/soap`)
    for (const actor of [`${local}/soap`, `${server.url}/soap`]) {
      const header = `<x:Hop xmlns:x="urn:example:hop" soap:mustUnderstand="1" soap:actor="${actor}"/>`
      const answer = await postSoap(local, envelope('1.1', call('GetItem', '<tns:id>1</tns:id>'), header))
      const fault = reply(answer)
      expect(fault.kind === 'fault' && fault.faultKind).toBe('mustUnderstand')
    }
  })
})
