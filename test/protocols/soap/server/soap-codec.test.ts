import { describe, expect, it } from 'vitest'
import { buildCallEnvelope, readReply } from '../../../../src/protocols/soap/call-message.js'
import { parseContentType } from '../../../../src/protocols/soap/content-type.js'
import {
  type Envelope,
  EnvelopeError,
  readEnvelope,
  writeEnvelope,
} from '../../../../src/protocols/soap/envelope.js'
import { buildFault, faultKind, makeFault, type SoapFault } from '../../../../src/protocols/soap/fault.js'
import { elementValue, valuesToElements } from '../../../../src/protocols/soap/message-values.js'
import {
  type SoapVersion,
  soap11,
  soap12,
  soapContentType,
} from '../../../../src/protocols/soap/soap-version.js'
import { readUsernameToken, usernameTokenHeader } from '../../../../src/protocols/soap/ws-security.js'
import { decodeXml } from '../../../../src/protocols/soap/xml/decode-xml.js'
import { readXml } from '../../../../src/protocols/soap/xml/read-xml.js'
import { writeXml } from '../../../../src/protocols/soap/xml/write-xml.js'
import { element, textContent } from '../../../../src/protocols/soap/xml/xml-element.js'
import { XmlReadError } from '../../../../src/protocols/soap/xml/xml-read-error.js'

const tns = (local: string) => ({ namespace: 'urn:apictl:items', local })
const other = (local: string) => ({ namespace: 'urn:example:other', local })

function problemOf(action: () => unknown): string {
  try {
    action()
  } catch (error) {
    if (error instanceof XmlReadError) return error.problem
    throw error
  }
  throw new Error('expected an XmlReadError')
}

describe.each([soap11, soap12])('envelope and fault round trips, SOAP $id', (version: SoapVersion) => {
  it('build → write → read → parse keeps headers, their SOAP attributes, body and encodingStyle', () => {
    const message: Envelope = {
      version,
      headers: [
        {
          element: element(other('Trace'), ['t-1']),
          mustUnderstand: true,
          target: 'urn:example:hop',
          relay: true,
        },
        { element: element(other('Plain'), ['p']), mustUnderstand: false },
        usernameTokenHeader('demo', 'secret'),
      ],
      body: [element(tns('GetItem'), [element(tns('id'), ['1'])])],
      encodingStyle: 'urn:example:encoding',
    }
    const text = writeEnvelope(message)
    expect(text.startsWith('<?xml version="1.0" encoding="utf-8"?><soap:Envelope')).toBe(true)
    const parsed = readEnvelope(text)
    expect(parsed.version).toBe(version)
    expect(
      parsed.headers.map((block) => [block.element.name.local, block.mustUnderstand, block.target]),
    ).toEqual([
      ['Trace', true, 'urn:example:hop'],
      ['Plain', false, undefined],
      ['Security', true, undefined],
    ])
    expect(parsed.headers[0]!.relay).toBe(version.id === '1.2' ? true : undefined)
    expect(text).toContain(version.id === '1.1' ? 'soap:mustUnderstand="1"' : 'soap:mustUnderstand="true"')
    expect(text).toContain(
      version.id === '1.1' ? 'soap:actor="urn:example:hop"' : 'soap:role="urn:example:hop"',
    )
    expect(parsed.encodingStyle).toBe('urn:example:encoding')
    expect(parsed.body[0]!.name).toEqual(tns('GetItem'))
    expect(textContent(parsed.body[0]!)).toBe('1')
    expect(readUsernameToken(parsed.headers[2]!.element)).toMatchObject({
      username: 'demo',
      password: 'secret',
      passwordType: 'text',
    })
  })

  it('a fault with every part survives build → write → read → parse', () => {
    const fault: SoapFault = {
      ...makeFault(version, 'client', 'bad <input> & more', {
        subcodes: [tns('Outer'), tns('Inner')],
        actor: 'http://example.com/soap',
        node: 'http://example.com/node',
        detail: [element(tns('ItemFault'), [element(tns('code'), ['NOT_FOUND'])])],
      }),
    }
    const text = writeEnvelope({ version, headers: [], body: [buildFault(fault, version)] })
    const reply = readReply(readEnvelope(text))
    if (reply.kind !== 'fault') throw new Error('expected a fault')
    const read = reply.fault
    expect(read.code).toEqual({
      namespace: version.envelopeNamespace,
      local: version.id === '1.1' ? 'Client' : 'Sender',
    })
    expect(faultKind(read, version)).toBe('client')
    expect(read.reason).toBe('bad <input> & more')
    expect(read.actor).toBe('http://example.com/soap')
    expect(textContent(read.detail!.find((node) => typeof node === 'object')! as never)).toBe('NOT_FOUND')
    if (version.id === '1.2') {
      expect(read.subcodes).toEqual([tns('Outer'), tns('Inner')])
      expect(read.node).toBe('http://example.com/node')
      expect(read.reasons).toEqual([{ text: 'bad <input> & more', lang: 'en' }])
      expect(text).toContain('<soap:Text xml:lang="en">')
    } else {
      expect(text).toContain('<faultcode>soap:Client</faultcode>')
      expect(read.subcodes).toEqual([])
    }
  })

  it('names the standard codes as the version does', () => {
    const names = (['versionMismatch', 'mustUnderstand', 'client', 'server'] as const).map(
      (kind) => makeFault(version, kind, 'x').code.local,
    )
    expect(names).toEqual(
      version.id === '1.1'
        ? ['VersionMismatch', 'MustUnderstand', 'Client', 'Server']
        : ['VersionMismatch', 'MustUnderstand', 'Sender', 'Receiver'],
    )
  })

  it('a call envelope carries parameters in order, repeats and nil, and the reply reads back as values', () => {
    const call = buildCallEnvelope({
      version,
      operation: tns('CreateItem'),
      parameters: [
        ['name', 'Soap'],
        ['tags', ['a', 'b']],
        ['description', null],
        ['nested', { inner: 'x' }],
      ],
      headers: [usernameTokenHeader('demo', 'demo')],
    })
    const text = writeEnvelope(call)
    expect(text).toContain(
      '<tns:CreateItem><tns:name>Soap</tns:name><tns:tags>a</tns:tags><tns:tags>b</tns:tags>',
    )
    expect(text).toContain('<tns:description xsi:nil="true"/>')
    const reply = readReply(readEnvelope(text))
    expect(reply.kind).toBe('result')
    if (reply.kind === 'result') {
      expect(reply.operation).toEqual(tns('CreateItem'))
      expect({ ...reply.values }).toEqual({
        name: 'Soap',
        tags: ['a', 'b'],
        description: null,
        nested: { inner: 'x' },
      })
    }
  })

  it('a 1.1 dotted fault code counts as its first part', () => {
    if (version.id === '1.2') return
    const fault = {
      ...makeFault(version, 'client', 'x'),
      code: { namespace: version.envelopeNamespace, local: 'Client.Auth' },
    }
    expect(faultKind(fault, version)).toBe('client')
  })
})

describe('envelope structure', () => {
  it('refuses another root, a missing Body, and text where elements belong', () => {
    const wrong = () => readEnvelope('<Envelope xmlns="urn:not-soap"><Body/></Envelope>')
    expect(wrong).toThrow(EnvelopeError)
    expect(() => readEnvelope(`<s:Envelope xmlns:s="${soap11.envelopeNamespace}"/>`)).toThrow(/no Body/)
    expect(() =>
      readEnvelope(`<s:Envelope xmlns:s="${soap11.envelopeNamespace}"><s:Body>text</s:Body></s:Envelope>`),
    ).toThrow(/holds text/)
    const trailing = (ns: string) => `<s:Envelope xmlns:s="${ns}"><s:Body/><s:Extra/></s:Envelope>`
    expect(readEnvelope(trailing(soap11.envelopeNamespace)).body).toEqual([])
    expect(() => readEnvelope(trailing(soap12.envelopeNamespace))).toThrow(/nothing after the Body/)
    const unqualified = `<s:Envelope xmlns:s="${soap11.envelopeNamespace}"><s:Header><Plain/></s:Header><s:Body/></s:Envelope>`
    expect(() => readEnvelope(unqualified)).toThrow(/no namespace/)
  })

  it('reads the SOAP 1.2 content type with its action, and writes it back', () => {
    expect(soapContentType(soap11, 'urn:x#Op')).toBe('text/xml; charset=utf-8')
    const written = soapContentType(soap12, 'urn:x#"Op"')
    expect(written).toBe('application/soap+xml; charset=utf-8; action="urn:x#\\"Op\\""')
    const parsed = parseContentType(written)
    expect(parsed.mediaType).toBe('application/soap+xml')
    expect(parsed.parameters.get('action')).toBe('urn:x#"Op"')
    expect(parsed.parameters.get('charset')).toBe('utf-8')
  })
})

describe('the safe XML reader', () => {
  it('refuses any DOCTYPE, but not the word inside CDATA or a comment', () => {
    expect(problemOf(() => readXml('<!DOCTYPE a><a/>'))).toBe('doctype')
    expect(problemOf(() => readXml('<!-- x --><!DOCTYPE a [<!ENTITY e "e">]><a>&e;</a>'))).toBe('doctype')
    expect(textContent(readXml('<a><![CDATA[<!DOCTYPE a> &e;]]><!-- <!DOCTYPE --></a>'))).toBe(
      '<!DOCTYPE a> &e;',
    )
  })

  it('expands only XML’s own entities and character references', () => {
    expect(textContent(readXml('<a>&lt;&amp;&#65;&#x42;</a>'))).toBe('<&AB')
    for (const text of ['<a>&nbsp;</a>', '<a>&e;</a>', '<a x="&copy;"/>', '<a>&</a>']) {
      expect(problemOf(() => readXml(text))).toBe('syntax')
    }
  })

  it('bounds depth (without recursion trouble at 50,000) and element count', () => {
    const nested = (levels: number) => `${'<a>'.repeat(levels)}${'</a>'.repeat(levels)}`
    expect(readXml(nested(100)).name.local).toBe('a')
    expect(problemOf(() => readXml(nested(101)))).toBe('depth')
    expect(problemOf(() => readXml(nested(50_000)))).toBe('depth')
    expect(readXml(nested(150), { maxDepth: 200 }).name.local).toBe('a')
    expect(problemOf(() => readXml(`<r>${'<b/>'.repeat(11)}</r>`, { maxElements: 10 }))).toBe('elements')
    expect(problemOf(() => readXml('<a/>', { maxLength: 3 }))).toBe('size')
  })

  it('refuses documents that are not (namespace-)well-formed', () => {
    for (const text of ['', 'text', '<a>', '<a></b>', '<a/><b/>', '<a', '<a><b></a>']) {
      expect(problemOf(() => readXml(text))).toBe('syntax')
    }
    for (const text of [
      '<p:a/>',
      '<a xmlns:p=""/>',
      '<a xmlns:p="u" xmlns:q="u" p:x="1" q:x="2"/>',
      '<a xmlns:xml="urn:x"/>',
    ]) {
      expect(problemOf(() => readXml(text))).toBe('namespace')
    }
  })

  it('refuses processing instructions unless allowed; accepts the declaration and a BOM', () => {
    expect(problemOf(() => readXml('<a><?pi x?></a>'))).toBe('instruction')
    expect(readXml('<a><?pi x?></a>', { allowInstructions: true }).name.local).toBe('a')
    expect(readXml('\ufeff<?xml version="1.0"?><a/>').name.local).toBe('a')
  })

  it('resolves namespaces, default and prefixed, and keeps scope for QName values', () => {
    const root = readXml(
      '<a xmlns="urn:d" xmlns:p="urn:p"><p:b p:x="1" y="2">p:Client</p:b><c xmlns=""/></a>',
    )
    expect(root.name).toEqual({ namespace: 'urn:d', local: 'a' })
    const [b, c] = root.children as [never, never]
    expect((b as { name: unknown }).name).toEqual({ namespace: 'urn:p', local: 'b' })
    expect((b as { attributes: unknown }).attributes).toEqual([
      { name: { namespace: 'urn:p', local: 'x' }, value: '1', prefix: 'p' },
      { name: { namespace: '', local: 'y' }, value: '2' },
    ])
    expect((c as { name: unknown }).name).toEqual({ namespace: '', local: 'c' })
  })

  it('turns __proto__ names into plain keys of null-prototype records', () => {
    const value = elementValue(
      readXml('<a><__proto__><polluted>yes</polluted></__proto__><constructor>c</constructor></a>'),
    )
    expect(Object.getPrototypeOf(value)).toBeNull()
    expect(Object.keys(value as object)).toEqual(['__proto__', 'constructor'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe('the XML writer', () => {
  it('escapes text and attributes so every string reads back exactly', () => {
    const tricky = [
      '&amp; stays literal',
      'a < b > c',
      ']]> end',
      `quote " and ' apostrophe`,
      'tab\tline\nfeed',
      'cr\r\nlf and a lone\rcr',
    ]
    for (const text of tricky) {
      const root = element(tns('v'), [text], [{ name: { namespace: '', local: 'attr' }, value: text }])
      const read = readXml(writeXml(root))
      expect(textContent(read)).toBe(text)
      expect(read.attributes[0]!.value).toBe(text)
    }
  })

  it('replaces characters XML cannot carry and refuses names it cannot write', () => {
    expect(textContent(readXml(writeXml(element(tns('v'), ['a\u0000b\ud800c']))))).toBe('a\ufffdb\ufffdc')
    expect(() => writeXml(element(tns('not a name')))).toThrow(/cannot be an XML element/)
    const proto = writeXml(
      element(tns('v'), [], [{ name: { namespace: '', local: '__proto__' }, value: 'kept' }]),
    )
    expect(proto).toContain('__proto__="kept"')
  })

  it('declares each namespace once on the root with the preferred prefixes', () => {
    const root = element(tns('a'), [element(other('b'), [{ qname: other('Code') }]), element(tns('c'))])
    const text = writeXml(root, { prefixes: new Map([['urn:apictl:items', 'tns']]), declaration: false })
    expect(text).toBe(
      '<tns:a xmlns:tns="urn:apictl:items" xmlns:ns0="urn:example:other"><ns0:b>ns0:Code</ns0:b><tns:c/></tns:a>',
    )
  })

  it('builds values from records as well as entries', () => {
    const children = valuesToElements({ one: '1', list: ['x', 'y'] }, '')
    expect(children.map((child) => child.name.local)).toEqual(['one', 'list', 'list'])
  })
})

describe('decoding bytes', () => {
  it('follows the BOM, then the charset, then the declaration; refuses bad bytes', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<a>é</a>', 'utf16le')])
    expect(decodeXml(utf16)).toBe('<a>é</a>')
    expect(decodeXml(Buffer.from('<a>\xe9</a>', 'latin1'), 'iso-8859-1')).toBe('<a>é</a>')
    const declared = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><a>\xe9</a>', 'latin1')
    expect(decodeXml(declared)).toContain('<a>é</a>')
    expect(problemOf(() => decodeXml(Buffer.from([0x3c, 0x61, 0xff, 0x3e])))).toBe('syntax')
    expect(problemOf(() => decodeXml(Buffer.from('<a/>'), 'klingon'))).toBe('encoding')
  })

  it('reads ASCII and UTF-8 alike, from a view into a larger buffer too, a UTF-8 BOM dropped', () => {
    const whole = Buffer.from('xx<a>plain &amp; 7-bit</a><b>é 😀</b>yy')
    const ascii = whole.subarray(2, 26)
    expect(decodeXml(ascii)).toBe('<a>plain &amp; 7-bit</a>')
    expect(decodeXml(ascii, 'UTF-8')).toBe('<a>plain &amp; 7-bit</a>')
    expect(decodeXml(whole.subarray(26, whole.length - 2))).toBe('<b>é 😀</b>')
    expect(decodeXml(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<a/>')]))).toBe('<a/>')
    expect(decodeXml(Buffer.alloc(0))).toBe('')
  })
})
