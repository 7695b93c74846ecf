import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readEnvelope } from '../../../../src/protocols/soap/envelope.js'
import { detailElements } from '../../../../src/protocols/soap/fault.js'
import { textContent } from '../../../../src/protocols/soap/xml/xml-element.js'
import { type RunningServer, startServer } from '../../../../src/server/reference/start-server.js'
import {
  actionOf,
  call,
  envelope,
  ns11,
  ns12,
  postSoap,
  type RawAnswer,
  reply,
  security,
  send,
  tnsUri,
  type Version,
} from './soap-test-support.js'

let server: RunningServer
beforeAll(async () => {
  server = await startServer({ port: 0 })
})
afterAll(() => server.close())

const getOne = call('GetItem', '<tns:id>1</tns:id>')
const versions: Version[] = ['1.1', '1.2']
const names = {
  '1.1': { client: 'Client', server: 'Server' },
  '1.2': { client: 'Sender', server: 'Receiver' },
} as const

function expectFault(answer: RawAnswer, version: Version, code: string) {
  expect(answer.status).toBe(500)
  expect(answer.headers['content-type']).toBe(
    version === '1.1' ? 'text/xml; charset=utf-8' : 'application/soap+xml; charset=utf-8',
  )
  const message = readEnvelope(answer.body)
  expect(message.version.id).toBe(version)
  const result = reply(answer)
  if (result.kind !== 'fault') throw new Error(`expected a fault, got ${answer.body}`)
  expect(result.fault.code).toEqual({ namespace: version === '1.1' ? ns11 : ns12, local: code })
  return { fault: result.fault, message }
}

function detailCode(fault: ReturnType<typeof expectFault>['fault']): string | undefined {
  const itemFault = detailElements(fault)[0]
  const code = itemFault?.children.find(
    (child) => typeof child === 'object' && 'children' in child && child.name.local === 'code',
  )
  return code === undefined ? undefined : textContent(code as never)
}

describe.each(versions)('SOAP %s fault rules on raw envelopes', (version) => {
  const { client } = names[version]

  it('answers a well-formed GetItem with 200 (the baseline the faults differ from)', async () => {
    const answer = await postSoap(server.url, envelope(version, getOne), {
      version,
      action: actionOf('GetItem'),
    })
    expect(answer.status).toBe(200)
    const result = reply(answer)
    expect(result.kind === 'result' && result.operation.local).toBe('GetItemResponse')
  })

  it('another envelope namespace is a VersionMismatch fault with an Upgrade header', async () => {
    const body = envelope(version, getOne, undefined, 'http://example.com/not-soap')
    const { fault, message } = expectFault(
      await postSoap(server.url, body, { version }),
      version,
      'VersionMismatch',
    )
    expect(fault.reason).toMatch(/not a SOAP 1.1 or 1.2 Envelope/)
    expect(message.headers.map((block) => block.element.name.local)).toEqual(['Upgrade'])
  })

  it('a root element that is no Envelope at all is a VersionMismatch fault', async () => {
    expectFault(
      await postSoap(server.url, '<tns:GetItem xmlns:tns="urn:apictl:items"/>', { version }),
      version,
      'VersionMismatch',
    )
  })

  it('an envelope of the other version than the Content-Type says is a VersionMismatch', async () => {
    const other: Version = version === '1.1' ? '1.2' : '1.1'
    const answer = await postSoap(server.url, envelope(other, getOne), { version })
    const { fault } = expectFault(answer, version, 'VersionMismatch')
    expect(fault.reason).toContain(`SOAP ${other} envelope`)
  })

  it.each(['1', 'true'])(
    'an unknown header block with mustUnderstand=%s is a MustUnderstand fault',
    async (flag) => {
      const header = `<x:Tracking xmlns:x="urn:example:tracking" soap:mustUnderstand="${flag}">42</x:Tracking>`
      const answer = await postSoap(server.url, envelope(version, getOne, header), { version })
      const { fault, message } = expectFault(answer, version, 'MustUnderstand')
      expect(fault.reason).toContain('{urn:example:tracking}Tracking')
      expect(fault.detail).toBeUndefined()
      if (version === '1.2') {
        const notUnderstood = message.headers[0]!.element
        expect(notUnderstood.name).toEqual({ namespace: ns12, local: 'NotUnderstood' })
        expect(answer.body).toMatch(/qname="(\w+):Tracking"/)
      }
    },
  )

  it('an unknown header block without mustUnderstand (or with 0) is ignored', async () => {
    const header =
      '<x:Tracking xmlns:x="urn:example:tracking">1</x:Tracking>' +
      '<x:Other xmlns:x="urn:example:tracking" soap:mustUnderstand="0">2</x:Other>'
    const answer = await postSoap(server.url, envelope(version, getOne, header), { version })
    expect(answer.status).toBe(200)
  })

  const attribute = version === '1.1' ? 'actor' : 'role'
  const next = version === '1.1' ? `${ns11.replace('envelope/', '')}actor/next` : `${ns12}/role/next`

  it(`a mustUnderstand block whose ${attribute} is someone else is not ours to understand`, async () => {
    const header = `<x:Hop xmlns:x="urn:example:hop" soap:mustUnderstand="1" soap:${attribute}="urn:example:someone-else"/>`
    expect((await postSoap(server.url, envelope(version, getOne, header), { version })).status).toBe(200)
  })

  it(`a mustUnderstand block for the ${attribute} "next" is ours, and faults`, async () => {
    const header = `<x:Hop xmlns:x="urn:example:hop" soap:mustUnderstand="1" soap:${attribute}="${next}"/>`
    expectFault(
      await postSoap(server.url, envelope(version, getOne, header), { version }),
      version,
      'MustUnderstand',
    )
  })

  it(`a mustUnderstand block addressed to this endpoint's URL is ours, and faults`, async () => {
    const header = `<x:Hop xmlns:x="urn:example:hop" soap:mustUnderstand="1" soap:${attribute}="${server.url}/soap"/>`
    expectFault(
      await postSoap(server.url, envelope(version, getOne, header), { version }),
      version,
      'MustUnderstand',
    )
  })

  if (version === '1.2') {
    it('the 1.2 role "none" is never processed; "ultimateReceiver" is ours', async () => {
      const block = (role: string) =>
        `<x:Hop xmlns:x="urn:example:hop" soap:mustUnderstand="true" soap:role="${ns12}/role/${role}"/>`
      expect((await postSoap(server.url, envelope(version, getOne, block('none')), { version })).status).toBe(
        200,
      )
      const answer = await postSoap(server.url, envelope(version, getOne, block('ultimateReceiver')), {
        version,
      })
      expectFault(answer, version, 'MustUnderstand')
    })
  }

  it('wsse:Security with mustUnderstand is understood', async () => {
    const answer = await postSoap(server.url, envelope(version, getOne, security()), { version })
    expect(answer.status).toBe(200)
  })

  it(`an unknown operation is a ${client} fault with a detail naming the problem`, async () => {
    const answer = await postSoap(server.url, envelope(version, call('GetItems', '<tns:id>1</tns:id>')), {
      version,
    })
    const { fault } = expectFault(answer, version, client)
    expect(fault.reason).toMatch(/GetItems .*is not an operation.*GetItem, ListItems/)
    expect(detailCode(fault)).toBe('UNKNOWN_OPERATION')
    if (version === '1.2') expect(fault.subcodes).toEqual([{ namespace: tnsUri, local: 'UNKNOWN_OPERATION' }])
  })

  it(`an operation element outside the service namespace is a ${client} fault`, async () => {
    const answer = await postSoap(server.url, envelope(version, '<GetItem><id>1</id></GetItem>'), { version })
    const { fault } = expectFault(answer, version, client)
    expect(fault.reason).toContain('no namespace')
  })

  it(`unknown, missing and mistyped parameters are one ${client} fault listing each`, async () => {
    const parameters =
      '<tns:limit>many</tns:limit><tns:colour>red</tns:colour><tns:page>1</tns:page><tns:page>2</tns:page>'
    const answer = await postSoap(server.url, envelope(version, call('ListItems', parameters)), { version })
    const { fault } = expectFault(answer, version, client)
    expect(detailCode(fault)).toBe('INVALID_PARAMETERS')
    expect(fault.reason).toContain('limit must be a whole number')
    expect(fault.reason).toContain('colour is not a parameter of ListItems')
    expect(fault.reason).toContain('page is given more than once')
    const missing = await postSoap(server.url, envelope(version, call('GetItem')), { version })
    expect(expectFault(missing, version, client).fault.reason).toContain('id is required')
  })

  it(`an unknown id is a ${client} fault NOT_FOUND`, async () => {
    const answer = await postSoap(server.url, envelope(version, call('GetItem', '<tns:id>nope</tns:id>')), {
      version,
    })
    const { fault } = expectFault(answer, version, client)
    expect(fault.reason).toBe('item "nope" does not exist')
    expect(detailCode(fault)).toBe('NOT_FOUND')
  })

  it(`a SOAPAction naming another operation is a ${client} fault`, async () => {
    const answer = await postSoap(server.url, envelope(version, getOne), {
      version,
      action: actionOf('DeleteItem'),
    })
    expect(detailCode(expectFault(answer, version, client).fault)).toBe('SOAPACTION_MISMATCH')
  })

  it(`an envelope without a Body, or with two operations, is a ${client} fault`, async () => {
    const namespace = version === '1.1' ? ns11 : ns12
    const noBody = `<soap:Envelope xmlns:soap="${namespace}"><soap:Header/></soap:Envelope>`
    expect(
      detailCode(expectFault(await postSoap(server.url, noBody, { version }), version, client).fault),
    ).toBe('INVALID_ENVELOPE')
    const two = await postSoap(server.url, envelope(version, getOne + getOne), { version })
    expect(detailCode(expectFault(two, version, client).fault)).toBe('INVALID_BODY')
  })

  it(`a write without WS-Security is a ${client} fault saying so; a wrong password too, with a code`, async () => {
    const create = call('CreateItem', '<tns:name>x</tns:name><tns:price>1</tns:price>')
    const before = server.store.count()
    const anonymous = await postSoap(server.url, envelope(version, create), { version })
    const { fault } = expectFault(anonymous, version, client)
    expect(fault.reason).toMatch(/CreateItem changes data.*UsernameToken/)
    expect(detailCode(fault)).toBe('AUTHENTICATION_REQUIRED')
    const wrong = await postSoap(server.url, envelope(version, create, security('demo', 'nope')), { version })
    const { fault: refused, message } = expectFault(wrong, version, client)
    expect(refused.reason).toContain('wrong user name or password')
    if (version === '1.2') {
      // SOAP 1.2 allows a Detail for a header problem: the same ItemFault shape, and the wsse Subcode.
      expect(detailCode(refused)).toBe('AUTHENTICATION_FAILED')
      expect(refused.subcodes[0]?.local).toBe('FailedAuthentication')
    } else {
      // SOAP 1.1 §4.4: a header entry's error goes in a header entry, never in <detail>.
      expect(refused.detail).toBeUndefined()
      const [block] = message.headers
      expect(block?.element.name).toEqual({ namespace: tnsUri, local: 'ItemFault' })
      const code = block?.element.children.find(
        (child) => typeof child === 'object' && 'children' in child && child.name.local === 'code',
      )
      expect(textContent(code as never)).toBe('AUTHENTICATION_FAILED')
    }
    expect(server.store.count()).toBe(before)
  })

  it(`an internal failure is a ${names[version].server} fault that does not leak the cause`, async () => {
    const original = server.store.get
    server.store.get = () => {
      throw new Error('disk on fire')
    }
    try {
      const answer = await postSoap(server.url, envelope(version, getOne), { version })
      const { fault } = expectFault(answer, version, names[version].server)
      expect(answer.body).not.toContain('disk on fire')
      expect(fault.reason).toContain('its log has the details')
    } finally {
      server.store.get = original
    }
  })

  it.each([
    ['Client', 'client'],
    ['Sender', 'client'],
    ['Server', 'server'],
    ['Receiver', 'server'],
    ['VersionMismatch', 'versionMismatch'],
    ['MustUnderstand', 'mustUnderstand'],
  ] as const)('RaiseFault code=%s answers that fault, named for this version', async (code, kind) => {
    const body = call('RaiseFault', `<tns:code>${code}</tns:code><tns:message>as asked</tns:message>`)
    const answer = await postSoap(server.url, envelope(version, body), { version })
    expect(answer.status).toBe(500)
    const result = reply(answer)
    expect(result.kind === 'fault' && result.faultKind).toBe(kind)
    expect(result.kind === 'fault' && result.fault.reason).toBe('as asked')
    expect(result.kind === 'fault' && result.fault.actor).toBe(`${server.url}/soap`)
  })

  it('a body that is not XML is 400 with an empty body and Content-Length: 0', async () => {
    for (const body of ['hello', '', '<soap:Envelope', '{"json": true}', '<a></b>']) {
      const answer = await postSoap(server.url, body, { version })
      expect(answer.status).toBe(400)
      expect(answer.body).toBe('')
      expect(answer.headers['content-length']).toBe('0')
    }
  })
})

describe('SOAP over HTTP', () => {
  it('text/xml without a SOAPAction header is a Client fault; SOAPAction: "" is fine', async () => {
    const missing = await postSoap(server.url, envelope('1.1', getOne), { action: null })
    const { fault } = expectFault(missing, '1.1', 'Client')
    expect(fault.reason).toContain('needs a SOAPAction header')
    expect((await postSoap(server.url, envelope('1.1', getOne), { action: '' })).status).toBe(200)
  })

  it('SOAP 1.2 needs no action parameter, and a matching one is accepted', async () => {
    expect(
      (await postSoap(server.url, envelope('1.2', getOne), { version: '1.2', action: null })).status,
    ).toBe(200)
    const answer = await postSoap(server.url, envelope('1.2', getOne), {
      version: '1.2',
      action: actionOf('GetItem'),
    })
    expect(answer.status).toBe(200)
  })

  it('another media type is 415; GET or HEAD without ?wsdl is 405 with an Allow that omits them', async () => {
    const json = await postSoap(server.url, envelope('1.1', getOne), { contentType: 'application/json' })
    expect(json.status).toBe(415)
    const get = await fetch(`${server.url}/soap`)
    expect(get.status).toBe(405)
    expect(get.headers.get('allow')).toBe('POST, M-POST, OPTIONS')
    expect((await get.json()).detail).toMatch(/GET is for the WSDL, at \/soap\?wsdl/)
    const head = await fetch(`${server.url}/soap`, { method: 'HEAD' })
    expect(head.status).toBe(405)
    expect(head.headers.get('allow')).toBe('POST, M-POST, OPTIONS')
    const put = await fetch(`${server.url}/soap`, { method: 'PUT', body: 'x' })
    expect(put.status).toBe(405)
    expect(put.headers.get('allow')).toBe('POST, M-POST, OPTIONS')
    expect((await put.json()).detail).toContain('GET and HEAD: /soap?wsdl')
    const options = await fetch(`${server.url}/soap`, { method: 'OPTIONS' })
    expect(options.status).toBe(204)
    expect(options.headers.get('allow')).toBe('POST, M-POST, OPTIONS')
    const wsdlOptions = await fetch(`${server.url}/soap?wsdl`, { method: 'OPTIONS' })
    expect(wsdlOptions.headers.get('allow')).toBe('GET, HEAD, POST, M-POST, OPTIONS')
    const wsdlPut = await fetch(`${server.url}/soap?wsdl`, { method: 'PUT', body: 'x' })
    expect(wsdlPut.status).toBe(405)
    expect(wsdlPut.headers.get('allow')).toBe('GET, HEAD, POST, M-POST, OPTIONS')
    expect((await fetch(`${server.url}/soap/other`)).status).toBe(404)
  })

  it('HEAD ?wsdl answers the GET headers without a body', async () => {
    const get = await fetch(`${server.url}/soap?wsdl`)
    const length = Buffer.byteLength(await get.text())
    const head = await send(`${server.url}/soap?wsdl`, 'HEAD', {}, '')
    expect(head.status).toBe(200)
    expect(head.headers['content-type']).toBe('text/xml; charset=utf-8')
    expect(Number(head.headers['content-length'])).toBe(length)
    expect(head.body).toBe('')
  })

  it('the WSDL names this server as the address of both ports', async () => {
    const answer = await fetch(`${server.url}/soap?wsdl`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/xml; charset=utf-8')
    const text = await answer.text()
    expect(text).toContain(`<soap:address location="${server.url}/soap"/>`)
    expect(text).toContain(`<soap12:address location="${server.url}/soap"/>`)
    expect(text).toContain('soapAction="urn:apictl:items#GetItem"')
    expect((await fetch(`${server.url}/soap?WSDL`)).status).toBe(200)
  })
})
