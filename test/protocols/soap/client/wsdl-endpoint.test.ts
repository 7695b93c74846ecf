import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { isolatedEnv } from '../../../support/run-cli.js'
import { runCliInProcess } from '../../../support/run-cli-in-process.js'
import { answer, echoReply, type RecordingServer, startRecordingServer } from './support/recording-server.js'
import { envWithProfiles, FIXTURES, RPC_WSDL } from './support/soap-client-support.js'

let server: RecordingServer
let hostile = false

/**
 * The recording server also serves the imports fixture under /wsdl/ (so its
 * relative imports resolve against a URL), with the ports' addresses
 * pointing back at it: /from-wsdl/soap11 and /from-wsdl/soap12.
 */
function serveWsdl(url: string): void {
  server.reply = (request, response) => {
    if (request.method === 'GET' && request.url.startsWith('/wsdl/')) {
      const file = join(FIXTURES, 'imports', request.url.slice('/wsdl/'.length))
      if (!existsSync(file)) {
        answer(response, 404, 'text/plain', 'not here')
        return
      }
      let text = readFileSync(file, 'utf8').replaceAll('http://127.0.0.1:9/orders/', `${url}/from-wsdl/`)
      if (hostile) text = text.replace('<wsdl:definitions', '<!DOCTYPE d [<!ENTITY e "x">]><wsdl:definitions')
      answer(response, 200, 'text/xml; charset=utf-8', text)
      return
    }
    echoReply(request, response)
  }
}

beforeAll(async () => {
  server = await startRecordingServer()
})
afterAll(() => server.close())
beforeEach(() => {
  server.received.length = 0
  hostile = false
  serveWsdl(server.url)
})

const wsdlUrl = () => `${server.url}/wsdl/service.wsdl`
const posts = () => server.received.filter((request) => request.method === 'POST')
const gets = () => server.received.filter((request) => request.method === 'GET')

describe('the endpoint, in SPEC §2 order', () => {
  it('--wsdl on the command line: the address its binding for the chosen version declares', async () => {
    expect(
      (await runCliInProcess(['soap', 'call', 'CancelOrder', 'orderId=1', '--wsdl', wsdlUrl()])).code,
    ).toBe(0)
    expect(
      (
        await runCliInProcess([
          'soap',
          'call',
          'CancelOrder',
          'orderId=1',
          '--wsdl',
          wsdlUrl(),
          '--soap',
          '1.2',
        ])
      ).code,
    ).toBe(0)
    expect(posts().map((request) => request.url)).toEqual(['/from-wsdl/soap11', '/from-wsdl/soap12'])
  })

  it('--endpoint comes first', async () => {
    const result = await runCliInProcess([
      'soap',
      'call',
      'CancelOrder',
      'orderId=1',
      '--wsdl',
      wsdlUrl(),
      '-e',
      `${server.url}/explicit`,
    ])
    expect(result.code).toBe(0)
    expect(posts().map((request) => request.url)).toEqual(['/explicit'])
  })

  it("a profile's soap URL comes before the address in the profile's WSDL", async () => {
    const env = envWithProfiles({ remote: { soap: `${server.url}/profile-soap`, wsdl: wsdlUrl() } })
    expect((await runCliInProcess(['soap', 'call', 'CancelOrder', 'orderId=1'], { env })).code).toBe(0)
    expect(posts().map((request) => request.url)).toEqual(['/profile-soap'])
  })

  it("a profile with only a WSDL: the WSDL's address", async () => {
    const env = envWithProfiles({ remote: { wsdl: wsdlUrl() } })
    expect((await runCliInProcess(['soap', 'call', 'CancelOrder', 'orderId=1'], { env })).code).toBe(0)
    expect(posts().map((request) => request.url)).toEqual(['/from-wsdl/soap11'])
  })

  it('--soap 1.2 with a WSDL that binds only 1.1: its 1.1 port and message, with warnings', async () => {
    const result = await runCliInProcess([
      'soap',
      'call',
      'Ping',
      'PingRequest=x',
      '--wsdl',
      RPC_WSDL,
      '--soap',
      '1.2',
      '--dry-run',
    ])
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(
      /^POST http:\/\/127\.0\.0\.1:9\/directory HTTP\/1\.1\nHost: 127\.0\.0\.1:9\n/,
    )
    expect(result.stdout).toContain(
      'Content-Type: application/soap+xml; charset=utf-8; action="urn:example:directory#Ping"',
    )
    expect(result.stderr).toContain('binds Ping for SOAP 1.1 only')
    expect(result.stderr).toContain(
      'no SOAP 1.2 port; sending to its other address, http://127.0.0.1:9/directory',
    )
  })

  it('no endpoint anywhere: exit 2, nothing sent', async () => {
    const env = envWithProfiles({ bare: { rest: server.url } })
    const result = await runCliInProcess(['soap', 'call', 'Echo', '--ns', 'urn:test'], { env })
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('No SOAP 1.1 endpoint')
    expect(server.received).toEqual([])
  })
})

describe('the WSDL over HTTP: imports resolved against its URL, cached per URL', () => {
  it('reads wsdl:import, xs:import and xs:include once, then runs from the cache; --refresh-wsdl reads again', async () => {
    const env = isolatedEnv()
    const first = await runCliInProcess(['soap', 'ops', '--wsdl', wsdlUrl()], { env })
    expect(first.code).toBe(0)
    expect(first.stdout).toContain(
      'PlaceOrder(customer: Party, line: Line[], priority?: Priority, comment?: string)',
    )
    expect(
      gets()
        .map((request) => request.url)
        .sort(),
    ).toEqual([
      '/wsdl/interface/orders.wsdl',
      '/wsdl/schemas/common.xsd',
      '/wsdl/schemas/orders-elements.xsd',
      '/wsdl/service.wsdl',
    ])
    const cached = await runCliInProcess(['soap', 'call', 'CancelOrder', 'orderId=9', '--wsdl', wsdlUrl()], {
      env,
    })
    expect(cached.code).toBe(0)
    expect(gets()).toHaveLength(4)
    expect(posts()).toHaveLength(1)
    expect(
      (await runCliInProcess(['soap', 'ops', '--wsdl', wsdlUrl(), '--refresh-wsdl'], { env })).code,
    ).toBe(0)
    expect(gets()).toHaveLength(8)
  })

  it('a WSDL with a DOCTYPE is refused: exit 6 for a URL, nothing sent', async () => {
    hostile = true
    const result = await runCliInProcess(['soap', 'call', 'CancelOrder', 'orderId=1', '--wsdl', wsdlUrl()])
    expect(result.code).toBe(6)
    expect(result.stderr).toContain('DOCTYPE')
    expect(posts()).toEqual([])
  })

  it('a WSDL URL that answers 404 is exit 4, saying where', async () => {
    const result = await runCliInProcess(['soap', 'ops', '--wsdl', `${server.url}/wsdl/missing.wsdl`])
    expect(result.code).toBe(4)
    expect(result.stderr).toContain(`GET ${server.url}/wsdl/missing.wsdl`)
  })
})
