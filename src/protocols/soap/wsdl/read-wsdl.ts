import { type SoapVersionId, soapVersions } from '../soap-version.js'
import type { QName } from '../xml/qname.js'
import { childElements, resolveQName, textContent, type XmlElement } from '../xml/xml-element.js'
import { isSchemaElement, type ReadSchema, readSchema } from './read-schema.js'
import type {
  WsdlBinding,
  WsdlBindingOperation,
  WsdlBodyBinding,
  WsdlDocument,
  WsdlHeaderBinding,
  WsdlMessage,
  WsdlOperation,
  WsdlPort,
  WsdlPortType,
  WsdlService,
} from './wsdl-model.js'
import { wsdlNamespace } from './wsdl-namespaces.js'

/** One WSDL 1.1 document as read: the shared model (with the richer schemas) and what it imports. */
export interface ReadWsdl extends WsdlDocument {
  readonly schemas: readonly ReadSchema[]
  /** `wsdl:import` locations, as written. */
  readonly imports: readonly string[]
}

/** A document that is not the WSDL 1.1 the reader understands. */
export class WsdlReadError extends Error {
  override name = 'WsdlReadError'
  /** What to try, when there is more to say than "check that it is a WSDL 1.1 document". */
  readonly hint: string | undefined

  constructor(message: string, options: { hint?: string } = {}) {
    super(message)
    this.hint = options.hint
  }
}

const isWsdl = (node: XmlElement, local: string) =>
  node.name.namespace === wsdlNamespace && node.name.local === local

function children(node: XmlElement, local: string): XmlElement[] {
  return childElements(node).filter((child) => isWsdl(child, local))
}

function attr(node: XmlElement, name: string): string | undefined {
  const found = node.attributes.find((item) => item.name.namespace === '' && item.name.local === name)
  return found === undefined || typeof found.value !== 'string' ? undefined : found.value
}

function qnameAttr(node: XmlElement, name: string): QName | undefined {
  const text = attr(node, name)
  return text === undefined ? undefined : resolveQName(node, text)
}

/** The SOAP version a binding extension element (`soap:*` / `soap12:*`) belongs to. */
function extensionVersion(node: XmlElement): SoapVersionId | undefined {
  return soapVersions.find((version) => version.bindingNamespace === node.name.namespace)?.id
}

function extension(node: XmlElement | undefined, local: string): XmlElement | undefined {
  if (node === undefined) return undefined
  return childElements(node).find(
    (child) => child.name.local === local && extensionVersion(child) !== undefined,
  )
}

function documentation(node: XmlElement): string | undefined {
  const found = children(node, 'documentation')[0]
  const text = found && textContent(found).trim()
  return text === '' ? undefined : text
}

function readMessage(node: XmlElement): WsdlMessage {
  return {
    name: attr(node, 'name') ?? '',
    parts: children(node, 'part').map((part) => ({
      name: attr(part, 'name') ?? '',
      element: qnameAttr(part, 'element'),
      type: qnameAttr(part, 'type'),
    })),
  }
}

function readOperation(node: XmlElement): WsdlOperation {
  const input = children(node, 'input')[0]
  const output = children(node, 'output')[0]
  return {
    name: attr(node, 'name') ?? '',
    documentation: documentation(node),
    input: input && qnameAttr(input, 'message'),
    output: output && qnameAttr(output, 'message'),
    faults: children(node, 'fault').map((fault) => ({
      name: attr(fault, 'name') ?? '',
      message: qnameAttr(fault, 'message') ?? { namespace: '', local: '' },
    })),
  }
}

function style(text: string | undefined): 'document' | 'rpc' | undefined {
  return text === 'rpc' ? 'rpc' : text === 'document' ? 'document' : undefined
}

function readHeaders(message: XmlElement | undefined): WsdlHeaderBinding[] | undefined {
  if (message === undefined) return undefined
  const headers: WsdlHeaderBinding[] = []
  for (const child of childElements(message)) {
    if (child.name.local !== 'header' || extensionVersion(child) === undefined) continue
    const name = qnameAttr(child, 'message')
    const part = attr(child, 'part')
    if (name === undefined || part === undefined) continue
    headers.push({
      message: name,
      part,
      use: attr(child, 'use') === 'encoded' ? 'encoded' : 'literal',
      namespace: attr(child, 'namespace'),
      encodingStyle: attr(child, 'encodingStyle'),
    })
  }
  return headers.length === 0 ? undefined : headers
}

function readBody(message: XmlElement | undefined): WsdlBodyBinding {
  const body = extension(message, 'body')
  const parts = body && attr(body, 'parts')
  return {
    use: body && attr(body, 'use') === 'encoded' ? 'encoded' : 'literal',
    namespace: body && attr(body, 'namespace'),
    encodingStyle: body && attr(body, 'encodingStyle'),
    parts: parts === undefined ? undefined : parts.split(/\s+/).filter(Boolean),
    headers: readHeaders(message),
  }
}

function readBindingOperation(node: XmlElement): WsdlBindingOperation {
  const operation = extension(node, 'operation')
  return {
    name: attr(node, 'name') ?? '',
    soapAction: operation && attr(operation, 'soapAction'),
    style: style(operation && attr(operation, 'style')),
    input: readBody(children(node, 'input')[0]),
    output: readBody(children(node, 'output')[0]),
    faults: children(node, 'fault').map((fault) => ({
      name: attr(fault, 'name') ?? '',
      use: 'literal' as const,
    })),
  }
}

/** A SOAP binding; undefined for the other kinds (HTTP GET/POST, MIME). */
function readBinding(node: XmlElement): WsdlBinding | undefined {
  const soap = extension(node, 'binding')
  const version = soap && extensionVersion(soap)
  const type = qnameAttr(node, 'type')
  if (soap === undefined || version === undefined || type === undefined) return undefined
  return {
    name: attr(node, 'name') ?? '',
    type,
    version,
    style: style(attr(soap, 'style')) ?? 'document',
    transport: attr(soap, 'transport') ?? '',
    operations: children(node, 'operation').map(readBindingOperation),
  }
}

/** A SOAP port (one with a `soap:address` or `soap12:address`); undefined for the others. */
function readPort(node: XmlElement): WsdlPort | undefined {
  const address = extension(node, 'address')
  const version = address && extensionVersion(address)
  const binding = qnameAttr(node, 'binding')
  if (address === undefined || version === undefined || binding === undefined) return undefined
  return { name: attr(node, 'name') ?? '', binding, address: attr(address, 'location') ?? '', version }
}

function readService(node: XmlElement): WsdlService {
  const ports = children(node, 'port').map(readPort)
  return { name: attr(node, 'name') ?? '', ports: ports.filter((port) => port !== undefined) }
}

/** Reads one `wsdl:definitions` element (WSDL 1.1); imports are listed, not followed. */
export function readWsdl(root: XmlElement): ReadWsdl {
  if (!isWsdl(root, 'definitions')) {
    const found = root.name.namespace === '' ? root.name.local : `{${root.name.namespace}}${root.name.local}`
    throw new WsdlReadError(`the document is ${found}, not a WSDL 1.1 wsdl:definitions (nor an XML Schema)`)
  }
  const types = children(root, 'types')[0]
  const schemas =
    types === undefined
      ? []
      : childElements(types)
          .filter(isSchemaElement)
          .map((node) => readSchema(node))
  const portTypes: WsdlPortType[] = children(root, 'portType').map((node) => ({
    name: attr(node, 'name') ?? '',
    operations: children(node, 'operation').map(readOperation),
  }))
  const bindings = children(root, 'binding').map(readBinding)
  return {
    targetNamespace: attr(root, 'targetNamespace') ?? '',
    name: attr(root, 'name'),
    documentation: documentation(root),
    schemas,
    messages: children(root, 'message').map(readMessage),
    portTypes,
    bindings: bindings.filter((binding) => binding !== undefined),
    services: children(root, 'service').map(readService),
    imports: children(root, 'import')
      .map((node) => attr(node, 'location'))
      .filter((location) => location !== undefined),
  }
}
