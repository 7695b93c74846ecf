import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { describeService } from '../../../../src/protocols/soap/client/describe-service.js'
import { parameterTree, parseAssignment } from '../../../../src/protocols/soap/client/parameter-tree.js'
import type {
  ParameterDescription,
  ServiceDescription,
} from '../../../../src/protocols/soap/client/service-description.js'
import { typedValues } from '../../../../src/protocols/soap/client/typed-values.js'
import { emptyRecord } from '../../../../src/protocols/soap/message-values.js'
import { loadWsdl } from '../../../../src/protocols/soap/wsdl/load-wsdl.js'
import { WsdlReadError } from '../../../../src/protocols/soap/wsdl/read-wsdl.js'
import { IMPORTS_WSDL, RPC_WSDL } from './support/soap-client-support.js'

const fromFiles = (location: string) => readFile(location, 'utf8')

/** A fetcher over an in-memory set of documents. */
function fromMemory(documents: Record<string, string>) {
  const fetched: string[] = []
  return {
    fetched,
    fetch: async (location: string) => {
      fetched.push(location)
      const text = documents[location]
      if (text === undefined) throw new Error(`no ${location}`)
      return text
    },
  }
}

function operation(service: ServiceDescription, name: string) {
  const found = service.operations.find((item) => item.name === name)
  if (found === undefined) throw new Error(`no operation ${name}`)
  return found
}

function parameter(
  parameters: readonly ParameterDescription[] | undefined,
  name: string,
): ParameterDescription {
  const found = parameters?.find((item) => item.name === name)
  if (found === undefined) throw new Error(`no parameter ${name}`)
  return found
}

const definitions = (body: string, extra = '') =>
  `<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:xs="http://www.w3.org/2001/XMLSchema" ` +
  `xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:tns="urn:t" targetNamespace="urn:t"${extra}>${body}</wsdl:definitions>`

describe('reading a WSDL 1.1 into a call description', () => {
  it('follows wsdl:import, xs:import and xs:include; extension bases, refs, enumerations, namespaces', async () => {
    const service = describeService(await loadWsdl(IMPORTS_WSDL, fromFiles))
    expect(service.name).toBe('Orders')
    expect(service.endpoints).toEqual({
      '1.1': 'http://127.0.0.1:9/orders/soap11',
      '1.2': 'http://127.0.0.1:9/orders/soap12',
    })
    const place = operation(service, 'PlaceOrder')
    expect(place.documentation).toBe('Places an order for one customer.')
    expect(place.bindings['1.1']?.action).toBe('urn:example:orders/PlaceOrder')
    expect(place.bindings['1.2']?.action).toBe('urn:example:orders/v12/PlaceOrder')
    const input = place.bindings['1.1']!.input
    expect(input.element).toEqual({ namespace: 'urn:example:orders', local: 'PlaceOrder' })
    expect(input.parameters.map((item) => item.name)).toEqual(['customer', 'line', 'priority', 'comment'])
    const customer = parameter(input.parameters, 'customer')
    expect(customer.type).toBe('Party')
    expect(parameter(customer.children, 'name').namespace).toBe('urn:example:common')
    expect(parameter(customer.children, 'email').minOccurs).toBe(0)
    const line = parameter(input.parameters, 'line')
    expect(line.maxOccurs).toBe('unbounded')
    expect(line.children?.map((item) => [item.name, item.base])).toEqual([
      ['sku', 'string'],
      ['quantity', 'int'],
    ])
    expect(parameter(input.parameters, 'priority')).toMatchObject({
      type: 'Priority',
      base: 'string',
      enumeration: ['low', 'normal', 'high'],
    })
    expect(parameter(input.parameters, 'comment')).toMatchObject({
      namespace: 'urn:example:orders',
      minOccurs: 0,
      base: 'string',
    })
  })

  it('rpc/literal and a document/literal bare operation on the same binding', async () => {
    const service = describeService(await loadWsdl(RPC_WSDL, fromFiles))
    const lookup = operation(service, 'Lookup').bindings['1.1']!
    expect(lookup.style).toBe('rpc')
    expect(lookup.action).toBe('')
    expect(lookup.input.element).toEqual({ namespace: 'urn:example:directory:rpc', local: 'Lookup' })
    expect(lookup.output?.element).toEqual({
      namespace: 'urn:example:directory:rpc',
      local: 'LookupResponse',
    })
    const options = parameter(lookup.input.parameters, 'options')
    expect(options.namespace).toBe('')
    expect(options.children?.map((item) => [item.name, item.namespace, item.base])).toEqual([
      ['limit', '', 'int'],
      ['exact', '', 'boolean'],
    ])
    const ping = operation(service, 'Ping').bindings['1.1']!
    expect(ping.style).toBe('document')
    expect(ping.input.element).toBeUndefined()
    expect(ping.input.parameters).toEqual([
      expect.objectContaining({ name: 'PingRequest', namespace: 'urn:example:directory', base: 'string' }),
    ])
  })

  it('a recursive type is described once and refers to itself, however deep it is followed', async () => {
    const schema =
      '<wsdl:types><xs:schema targetNamespace="urn:t" elementFormDefault="qualified">' +
      '<xs:complexType name="Node"><xs:sequence><xs:element name="label" type="xs:string"/>' +
      '<xs:element name="child" type="tns:Node" minOccurs="0" maxOccurs="unbounded"/></xs:sequence></xs:complexType>' +
      '<xs:element name="Tree"><xs:complexType><xs:sequence><xs:element name="root" type="tns:Node"/></xs:sequence></xs:complexType></xs:element>' +
      '</xs:schema></wsdl:types>' +
      '<wsdl:message name="In"><wsdl:part name="p" element="tns:Tree"/></wsdl:message>' +
      '<wsdl:portType name="P"><wsdl:operation name="Put"><wsdl:input message="tns:In"/></wsdl:operation></wsdl:portType>' +
      '<wsdl:binding name="B" type="tns:P"><soap:binding style="document"/><wsdl:operation name="Put"><wsdl:input><soap:body use="literal"/></wsdl:input></wsdl:operation></wsdl:binding>'
    const memory = fromMemory({ 'http://h/t.wsdl': definitions(schema) })
    const put = operation(describeService(await loadWsdl('http://h/t.wsdl', memory.fetch)), 'Put').bindings[
      '1.1'
    ]!
    const root = parameter(put.input.parameters, 'root')
    const child = parameter(root.children, 'child')
    expect(child).toMatchObject({ type: 'Node', typeRef: '{urn:t}Node' })
    expect(root.typeRef).toBe('{urn:t}Node')
    // The same entry, not a copy: a path of any depth costs nothing more.
    expect(child.children).toBe(root.children)
    expect(parameter(parameter(child.children, 'child').children, 'label')).toMatchObject({ base: 'string' })
    expect(JSON.stringify(put.input)).not.toContain('"children"')
    expect(put.output).toBeUndefined()
  })

  it('reads each document once, even when imports go in a circle, resolving them against the URL', async () => {
    const memory = fromMemory({
      'http://h/a/main.wsdl': definitions('<wsdl:import location="../b/more.wsdl"/>'),
      'http://h/b/more.wsdl': definitions('<wsdl:import location="http://h/a/main.wsdl"/>'),
    })
    const loaded = await loadWsdl('http://h/a/main.wsdl', memory.fetch)
    expect(memory.fetched).toEqual(['http://h/a/main.wsdl', 'http://h/b/more.wsdl'])
    expect(loaded.documents).toHaveLength(2)
  })

  it('refuses a DOCTYPE, and a document that is not a WSDL', async () => {
    const hostile = fromMemory({
      'http://h/x.wsdl': `<!DOCTYPE d [<!ENTITY e SYSTEM "file:///etc/passwd">]>${definitions('&e;')}`,
    })
    await expect(loadWsdl('http://h/x.wsdl', hostile.fetch)).rejects.toThrow(/DOCTYPE/)
    const html = fromMemory({ 'http://h/x.wsdl': '<html><body/></html>' })
    await expect(loadWsdl('http://h/x.wsdl', html.fetch)).rejects.toBeInstanceOf(WsdlReadError)
  })
})

describe('parameters and values, guided by the schema', () => {
  it('item.id=1 item.id=2 starts a second item when item repeats and id does not', () => {
    const item: ParameterDescription = {
      name: 'item',
      namespace: 'urn:t',
      type: 'Item',
      minOccurs: 1,
      maxOccurs: 'unbounded',
      children: [
        { name: 'id', namespace: 'urn:t', type: 'string', minOccurs: 1, maxOccurs: 1 },
        { name: 'tag', namespace: 'urn:t', type: 'string', minOccurs: 0, maxOccurs: 'unbounded' },
      ],
    }
    const args = ['item.id=1', 'item.tag=a', 'item.tag=b', 'item.id=2'].map(parseAssignment)
    expect(parameterTree(args, [item])).toEqual([
      {
        name: 'item',
        value: [
          { name: 'id', value: '1' },
          { name: 'tag', value: 'a' },
          { name: 'tag', value: 'b' },
        ],
      },
      { name: 'item', value: [{ name: 'id', value: '2' }] },
    ])
    expect(parameterTree(args)).toHaveLength(1)
  })

  it('typed values: numbers and booleans by type, a repeatable element always a list, long numbers kept as text', () => {
    const values = emptyRecord()
    Object.assign(values, { count: '3', price: '12345678901234567890.5', ok: '1', tags: 'one' })
    Object.defineProperty(values, '__proto__', { value: 'x', enumerable: true, writable: true })
    const described: ParameterDescription[] = [
      { name: 'count', namespace: '', type: 'int', base: 'int', minOccurs: 1, maxOccurs: 1 },
      { name: 'price', namespace: '', type: 'decimal', base: 'decimal', minOccurs: 1, maxOccurs: 1 },
      { name: 'ok', namespace: '', type: 'boolean', base: 'boolean', minOccurs: 1, maxOccurs: 1 },
      { name: 'tags', namespace: '', type: 'string', base: 'string', minOccurs: 0, maxOccurs: 'unbounded' },
    ]
    const typed = typedValues(values, described)
    expect(Object.entries(typed)).toEqual([
      ['count', 3],
      ['price', '12345678901234567890.5'],
      ['ok', true],
      ['tags', ['one']],
      ['__proto__', 'x'],
    ])
    expect(Object.getPrototypeOf(typed)).toBeNull()
  })
})
