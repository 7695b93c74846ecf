import { soapVersionById } from '../soap-version.js'
import { type QName, xsdNamespace } from '../xml/qname.js'
import { writeXml } from '../xml/write-xml.js'
import { attribute, element, type XmlAttribute, type XmlElement } from '../xml/xml-element.js'
import type {
  SchemaComplexType,
  SchemaElement,
  WsdlBinding,
  WsdlBindingOperation,
  WsdlBodyBinding,
  WsdlDocument,
  WsdlMessage,
  WsdlOperation,
  WsdlPort,
  XmlSchema,
} from './wsdl-model.js'
import { wsdlNamespace } from './wsdl-namespaces.js'

const wsdl = (local: string): QName => ({ namespace: wsdlNamespace, local })
const xs = (local: string): QName => ({ namespace: xsdNamespace, local })
const plain = (local: string): QName => ({ namespace: '', local })

function text(name: string, value: string): XmlAttribute {
  return attribute(plain(name), value)
}

function reference(name: string, value: QName): XmlAttribute {
  return attribute(plain(name), { qname: value })
}

function documentation(value: string | undefined): XmlElement[] {
  return value === undefined ? [] : [element(wsdl('documentation'), [value])]
}

function annotation(value: string | undefined): XmlElement[] {
  return value === undefined ? [] : [element(xs('annotation'), [element(xs('documentation'), [value])])]
}

function schemaElement(item: SchemaElement): XmlElement {
  const attributes = [text('name', item.name)]
  if (item.type !== undefined) attributes.push(reference('type', item.type))
  if (item.minOccurs !== undefined) attributes.push(text('minOccurs', String(item.minOccurs)))
  if (item.maxOccurs !== undefined) attributes.push(text('maxOccurs', String(item.maxOccurs)))
  if (item.nillable) attributes.push(text('nillable', 'true'))
  const children = annotation(item.documentation)
  if (item.complexType !== undefined) children.push(complexType(item.complexType))
  return element(xs('element'), children, attributes)
}

function complexType(type: SchemaComplexType): XmlElement {
  const sequence = element(xs('sequence'), type.sequence.map(schemaElement))
  const attributes = type.name === undefined ? [] : [text('name', type.name)]
  return element(xs('complexType'), [...annotation(type.documentation), sequence], attributes)
}

function schema(item: XmlSchema): XmlElement {
  const children = [...item.elements.map(schemaElement), ...item.complexTypes.map(complexType)]
  const attributes = [
    text('targetNamespace', item.targetNamespace),
    text('elementFormDefault', item.elementFormDefault),
  ]
  return element(xs('schema'), children, attributes)
}

function message(item: WsdlMessage): XmlElement {
  const parts = item.parts.map((part) => {
    const attributes = [text('name', part.name)]
    if (part.element !== undefined) attributes.push(reference('element', part.element))
    if (part.type !== undefined) attributes.push(reference('type', part.type))
    return element(wsdl('part'), [], attributes)
  })
  return element(wsdl('message'), parts, [text('name', item.name)])
}

function abstractOperation(item: WsdlOperation): XmlElement {
  const children = documentation(item.documentation)
  if (item.input !== undefined) children.push(element(wsdl('input'), [], [reference('message', item.input)]))
  if (item.output !== undefined)
    children.push(element(wsdl('output'), [], [reference('message', item.output)]))
  for (const fault of item.faults) {
    children.push(element(wsdl('fault'), [], [text('name', fault.name), reference('message', fault.message)]))
  }
  return element(wsdl('operation'), children, [text('name', item.name)])
}

function body(binding: QName, item: WsdlBodyBinding): XmlElement {
  const attributes = [text('use', item.use)]
  if (item.namespace !== undefined) attributes.push(text('namespace', item.namespace))
  if (item.encodingStyle !== undefined) attributes.push(text('encodingStyle', item.encodingStyle))
  if (item.parts !== undefined) attributes.push(text('parts', item.parts.join(' ')))
  return element(binding, [], attributes)
}

function boundOperation(namespace: string, item: WsdlBindingOperation): XmlElement {
  const name = (local: string): QName => ({ namespace, local })
  const operation: XmlAttribute[] = []
  if (item.soapAction !== undefined) operation.push(text('soapAction', item.soapAction))
  if (item.style !== undefined) operation.push(text('style', item.style))
  const children = [
    element(name('operation'), [], operation),
    element(wsdl('input'), [body(name('body'), item.input)]),
    element(wsdl('output'), [body(name('body'), item.output)]),
    ...item.faults.map((fault) =>
      element(
        wsdl('fault'),
        [element(name('fault'), [], [text('name', fault.name), text('use', fault.use)])],
        [text('name', fault.name)],
      ),
    ),
  ]
  return element(wsdl('operation'), children, [text('name', item.name)])
}

function binding(item: WsdlBinding): XmlElement {
  const namespace = soapVersionById(item.version).bindingNamespace
  const soapBinding = element(
    { namespace, local: 'binding' },
    [],
    [text('style', item.style), text('transport', item.transport)],
  )
  const operations = item.operations.map((operation) => boundOperation(namespace, operation))
  return element(
    wsdl('binding'),
    [soapBinding, ...operations],
    [text('name', item.name), reference('type', item.type)],
  )
}

function port(item: WsdlPort): XmlElement {
  const address = element(
    { namespace: soapVersionById(item.version).bindingNamespace, local: 'address' },
    [],
    [text('location', item.address)],
  )
  return element(wsdl('port'), [address], [text('name', item.name), reference('binding', item.binding)])
}

/** The `wsdl:definitions` element for a description. */
export function buildWsdl(document: WsdlDocument): XmlElement {
  const attributes = [text('targetNamespace', document.targetNamespace)]
  if (document.name !== undefined) attributes.push(text('name', document.name))
  const children = [
    ...documentation(document.documentation),
    element(wsdl('types'), document.schemas.map(schema)),
    ...document.messages.map(message),
    ...document.portTypes.map((item) =>
      element(wsdl('portType'), item.operations.map(abstractOperation), [text('name', item.name)]),
    ),
    ...document.bindings.map(binding),
    ...document.services.map((item) =>
      element(wsdl('service'), item.ports.map(port), [text('name', item.name)]),
    ),
  ]
  return element(wsdl('definitions'), children, attributes)
}

/** The WSDL document as text, with the usual prefixes (wsdl, xs, soap, soap12, tns). */
export function writeWsdl(document: WsdlDocument): string {
  const prefixes = new Map([
    [wsdlNamespace, 'wsdl'],
    [xsdNamespace, 'xs'],
    [soapVersionById('1.1').bindingNamespace, 'soap'],
    [soapVersionById('1.2').bindingNamespace, 'soap12'],
    [document.targetNamespace, 'tns'],
  ])
  return writeXml(buildWsdl(document), { prefixes })
}
