import { describe, expect, it } from 'vitest'
import { runCliInProcess } from '../../../support/run-cli-in-process.js'
import { ns11, ns12 } from './support/recording-server.js'
import { attributes, findAll, IMPORTS_WSDL, must, parse, RPC_WSDL } from './support/soap-client-support.js'
import { useRecordingServer } from './support/use-recording-server.js'

const wsse = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd'
const server = useRecordingServer()

/** `apictl soap call OPERATION ... -e <recording server>/soap`; without --wsdl, --no-wsdl (so --ns names the namespace). */
function call(operation: string, ...args: string[]) {
  const wsdl = args.includes('--wsdl') ? [] : ['--no-wsdl']
  return runCliInProcess(['soap', 'call', operation, ...args, ...wsdl, '-e', `${server.url}/soap`])
}

function only() {
  expect(server.received).toHaveLength(1)
  return server.received[0]!
}

describe('the HTTP request of a SOAP call', () => {
  it('SOAP 1.1: POST, text/xml; charset=utf-8, SOAPAction "" without a WSDL, the 1.1 envelope', async () => {
    const result = await call('Echo', 'message=hi', '--ns', 'urn:test', '-o', 'pretty')
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).toBe('EchoResponse\n  ok  true\n')
    const request = only()
    expect(request.method).toBe('POST')
    expect(request.url).toBe('/soap')
    expect(request.headers['content-type']).toBe('text/xml; charset=utf-8')
    expect(request.headers.soapaction).toBe('""')
    const envelope = parse(request.body)
    expect(envelope.name).toEqual({ namespace: ns11, local: 'Envelope' })
    const operation = must(envelope, 'Echo')
    expect(operation.name.namespace).toBe('urn:test')
    expect(must(operation, 'message').name.namespace).toBe('urn:test')
    expect(findAll(envelope, 'Header')).toEqual([])
  })

  it('--action VALUE, --action "" and --no-action are three different requests', async () => {
    expect((await call('Echo', '--ns', 'urn:test', '--action', 'urn:test#Echo')).code).toBe(0)
    expect((await call('Echo', '--ns', 'urn:test', '--action', '')).code).toBe(0)
    expect((await call('Echo', '--ns', 'urn:test', '--no-action')).code).toBe(0)
    const [given, empty, absent] = server.received
    expect(given!.headers.soapaction).toBe('"urn:test#Echo"')
    expect(empty!.headers.soapaction).toBe('""')
    expect(absent!.headers).not.toHaveProperty('soapaction')
    expect(absent!.headers['content-type']).toBe('text/xml; charset=utf-8')
  })

  it('SOAP 1.2: application/soap+xml with action="…" (none with --no-action), no SOAPAction header, the 1.2 envelope', async () => {
    expect((await call('Echo', '--ns', 'urn:test', '--soap', '1.2', '--action', 'urn:test#Echo')).code).toBe(
      0,
    )
    expect((await call('Echo', '--ns', 'urn:test', '--soap', '1.2', '--no-action')).code).toBe(0)
    const [withAction, without] = server.received
    expect(withAction!.headers['content-type']).toBe(
      'application/soap+xml; charset=utf-8; action="urn:test#Echo"',
    )
    expect(withAction!.headers).not.toHaveProperty('soapaction')
    expect(parse(withAction!.body).name).toEqual({ namespace: ns12, local: 'Envelope' })
    expect(without!.headers['content-type']).toBe('application/soap+xml; charset=utf-8')
  })

  it('--method M-POST: the HTTP Extension Framework form, Man and NN-SOAPAction', async () => {
    const result = await call('Echo', '--ns', 'urn:test', '--method', 'M-POST', '--action', 'urn:test#Echo')
    expect(result.code).toBe(0)
    const request = only()
    expect(request.method).toBe('M-POST')
    expect(request.headers.man).toBe(`"${ns11}"; ns=01`)
    expect(request.headers['01-soapaction']).toBe('"urn:test#Echo"')
    expect(request.headers).not.toHaveProperty('soapaction')
  })

  it('a.b=v nests elements and a repeated name repeats the element, in the order given', async () => {
    const args = ['address.street=Main St', 'address.city=Oslo', 'tag=a', 'tag=b', 'empty=']
    expect((await call('Echo', ...args, '--ns', 'urn:test')).code).toBe(0)
    const operation = must(parse(only().body), 'Echo')
    const children = operation.children.filter((child) => typeof child === 'object' && 'name' in child)
    expect(children.map((child) => (child as { name: { local: string } }).name.local)).toEqual([
      'address',
      'tag',
      'tag',
      'empty',
    ])
    const address = must(operation, 'address')
    expect([must(address, 'street').children, must(address, 'city').children]).toEqual([
      ['Main St'],
      ['Oslo'],
    ])
    expect(findAll(operation, 'tag').map((tag) => tag.children.join(''))).toEqual(['a', 'b'])
    expect(must(operation, 'empty').children).toEqual([])
  })

  it('SOAP 1.1 header entries: --soap-header with --must-understand and --actor', async () => {
    const result = await call(
      'Echo',
      '--ns',
      'urn:test',
      '--soap-header',
      '{urn:h}Token=abc',
      '--soap-header',
      '{urn:h}Trace=t-1',
      '--must-understand',
      '--actor',
      'http://example.com/gateway',
    )
    expect(result.code).toBe(0)
    const header = must(parse(only().body), 'Header')
    expect(header.name.namespace).toBe(ns11)
    const token = must(header, 'Token')
    expect(token.name.namespace).toBe('urn:h')
    expect(token.children).toEqual(['abc'])
    expect(attributes(token)).toEqual({
      [`{${ns11}}mustUnderstand`]: '1',
      [`{${ns11}}actor`]: 'http://example.com/gateway',
    })
    expect(attributes(must(header, 'Trace'))[`{${ns11}}mustUnderstand`]).toBe('1')
  })

  it('SOAP 1.2 header entries carry role (not actor) and mustUnderstand="true"', async () => {
    const args = [
      '--soap',
      '1.2',
      '--soap-header',
      '{urn:h}Token=abc',
      '--must-understand',
      '--actor',
      'urn:role:gw',
    ]
    expect((await call('Echo', '--ns', 'urn:test', ...args)).code).toBe(0)
    const token = must(must(parse(only().body), 'Header'), 'Token')
    expect(attributes(token)).toEqual({
      [`{${ns12}}mustUnderstand`]: 'true',
      [`{${ns12}}role`]: 'urn:role:gw',
    })
  })

  it('--wss USER:PASS adds a UsernameToken (PasswordText) with mustUnderstand=1', async () => {
    expect((await call('Echo', '--ns', 'urn:test', '--wss', 'demo:s3cr:et')).code).toBe(0)
    const security = must(must(parse(only().body), 'Header'), 'Security')
    expect(security.name.namespace).toBe(wsse)
    expect(attributes(security)).toEqual({ [`{${ns11}}mustUnderstand`]: '1' })
    expect(must(security, 'Username').children).toEqual(['demo'])
    const password = must(security, 'Password')
    expect(password.children).toEqual(['s3cr:et'])
    expect(attributes(password).Type).toMatch(/#PasswordText$/)
  })

  it('--encoding-style goes on the Body in 1.1 and on the Body element in 1.2', async () => {
    const style = 'http://schemas.xmlsoap.org/soap/encoding/'
    expect((await call('Echo', '--ns', 'urn:test', '--encoding-style', style)).code).toBe(0)
    expect((await call('Echo', '--ns', 'urn:test', '--encoding-style', style, '--soap', '1.2')).code).toBe(0)
    const [v11, v12] = server.received.map((request) => parse(request.body))
    expect(attributes(must(v11!, 'Body'))[`{${ns11}}encodingStyle`]).toBe(style)
    expect(attributes(must(v12!, 'Body'))).toEqual({})
    expect(attributes(must(v12!, 'Echo'))[`{${ns12}}encodingStyle`]).toBe(style)
  })

  it('-H and --user travel as for REST', async () => {
    const result = await call('Echo', '--ns', 'urn:test', '-H', 'X-Trace: 7', '--user', 'demo:demo')
    expect(result.code).toBe(0)
    const request = only()
    expect(request.headers['x-trace']).toBe('7')
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from('demo:demo').toString('base64')}`)
  })
})

describe('a WSDL gives the namespace, the SOAPAction per binding, and parameter names and order', () => {
  it('document/literal with imports: each element in its schema namespace, in schema order', async () => {
    const args = [
      'priority=high',
      'customer.name=Ann',
      'line.sku=A',
      'line.quantity=1',
      'line.sku=B',
      'line.quantity=2',
    ]
    const result = await call('PlaceOrder', ...args, '--wsdl', IMPORTS_WSDL)
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    const request = only()
    expect(request.headers.soapaction).toBe('"urn:example:orders/PlaceOrder"')
    const order = must(parse(request.body), 'PlaceOrder')
    expect(order.name.namespace).toBe('urn:example:orders')
    const names = order.children.map((child) => (child as { name: { local: string } }).name.local)
    expect(names).toEqual(['customer', 'line', 'line', 'priority'])
    expect(must(order, 'name').name.namespace).toBe('urn:example:common')
    expect(findAll(order, 'quantity').map((node) => node.children.join(''))).toEqual(['1', '2'])
  })

  it("with --soap 1.2 the SOAP 1.2 binding's action is used", async () => {
    const result = await call('CancelOrder', 'orderId=7', '--wsdl', IMPORTS_WSDL, '--soap', '1.2')
    expect(result.code).toBe(0)
    expect(only().headers['content-type']).toBe(
      'application/soap+xml; charset=utf-8; action="urn:example:orders/v12/CancelOrder"',
    )
  })

  it('rpc/literal: the wrapper in soap:body namespace, unqualified parts; --ns overrides the namespace', async () => {
    expect((await call('Lookup', 'key=k', 'options.limit=3', '--wsdl', RPC_WSDL)).code).toBe(0)
    expect((await call('Lookup', 'key=k', '--wsdl', RPC_WSDL, '--ns', 'urn:other')).code).toBe(0)
    const [plain, overridden] = server.received.map((request) => parse(request.body))
    const lookup = must(plain!, 'Lookup')
    expect(lookup.name.namespace).toBe('urn:example:directory:rpc')
    expect(must(lookup, 'key').name.namespace).toBe('')
    expect(must(lookup, 'limit').name.namespace).toBe('')
    expect(must(overridden!, 'Lookup').name.namespace).toBe('urn:other')
    expect(must(overridden!, 'key').name.namespace).toBe('')
    expect(server.received[0]!.headers.soapaction).toBe('""')
  })

  it('document/literal bare: the part element is the Body child, with its SOAPAction', async () => {
    expect((await call('Ping', 'PingRequest=hello', '--wsdl', RPC_WSDL)).code).toBe(0)
    const request = only()
    expect(request.headers.soapaction).toBe('"urn:example:directory#Ping"')
    const body = must(parse(request.body), 'Body')
    const ping = must(body, 'PingRequest')
    expect(ping.name.namespace).toBe('urn:example:directory')
    expect(ping.children).toEqual(['hello'])
  })

  it('an unknown operation: exit 2, the valid ones listed with a suggestion, nothing sent', async () => {
    const result = await call('PlaceOrdr', '--wsdl', IMPORTS_WSDL)
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(`no operation 'PlaceOrdr'. Did you mean "PlaceOrder"?`)
    expect(result.stderr).toContain('Operations: PlaceOrder, CancelOrder')
    expect(server.received).toEqual([])
  })

  it('an unknown parameter, at the top or nested: exit 2 with the valid ones, nothing sent', async () => {
    const top = await call('CancelOrder', 'orderid=7', '--wsdl', IMPORTS_WSDL)
    expect(top.code).toBe(2)
    expect(top.stderr).toContain(`CancelOrder has no parameter 'orderid'. Did you mean "orderId"?`)
    expect(top.stderr).toContain('valid ones: orderId: string')
    const nested = await call('PlaceOrder', 'customer.nme=Ann', '--wsdl', IMPORTS_WSDL)
    expect(nested.code).toBe(2)
    expect(nested.stderr).toContain(`no parameter 'customer.nme'. Did you mean "customer.name"?`)
    expect(nested.stderr).toContain('name: string, email?: string')
    expect(server.received).toEqual([])
  })

  it('a parameter that is not PARAM=VALUE is a usage error', async () => {
    const result = await call('Echo', 'message', '--ns', 'urn:test')
    expect(result.code).toBe(2)
    expect(result.stderr).toContain("'message' is not a parameter")
    expect(server.received).toEqual([])
  })

  it('without a WSDL and without --ns the namespace is unknown: exit 2, nothing sent', async () => {
    const result = await call('Echo', 'message=hi')
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('--ns')
    expect(server.received).toEqual([])
  })
})
