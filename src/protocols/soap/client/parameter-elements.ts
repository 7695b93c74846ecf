import { type QName, xsdNamespace, xsiNamespace } from '../xml/qname.js'
import { attribute, element, type XmlAttribute, type XmlElement } from '../xml/xml-element.js'
import type { ParameterNode } from './parameter-tree.js'
import type { ParameterDescription } from './service-description.js'

const nil = attribute({ namespace: xsiNamespace, local: 'nil' }, 'true', 'xsi')
export const soapEncodingNamespace = 'http://schemas.xmlsoap.org/soap/encoding/'

function fromClark(text: string): QName {
  const match = /^\{([^}]*)\}(.*)$/.exec(text)
  return match === null ? { namespace: '', local: text } : { namespace: match[1]!, local: match[2]! }
}

const xsiType = (type: QName): XmlAttribute =>
  attribute({ namespace: xsiNamespace, local: 'type' }, { qname: type }, 'xsi')

/**
 * SOAP encoding's attributes for one value (SOAP 1.1 section 5): `xsi:type`
 * from the schema, and for an array `xsi:type="SOAP-ENC:Array"` with
 * `SOAP-ENC:arrayType="xsd:string[N]"` counting the items given.
 */
function encodedAttributes(described: ParameterDescription | undefined, node: ParameterNode): XmlAttribute[] {
  if (described?.arrayOf !== undefined) {
    const items = Array.isArray(node.value) ? node.value.length : 0
    const item = fromClark(described.arrayOf)
    return [
      xsiType({ namespace: soapEncodingNamespace, local: 'Array' }),
      attribute(
        { namespace: soapEncodingNamespace, local: 'arrayType' },
        { qname: item, suffix: `[${items}]` },
        'SOAP-ENC',
      ),
    ]
  }
  const type = described?.xsdType
  if (type === undefined) {
    return typeof node.value === 'string' ? [xsiType({ namespace: xsdNamespace, local: 'string' })] : []
  }
  return [xsiType(fromClark(type))]
}

const describedAs = (parameters: readonly ParameterDescription[] | undefined, node: ParameterNode) =>
  parameters?.find((parameter) => parameter.name === node.name)

/** True when the schema makes this node an attribute of its parent rather than a child element. */
export function isAttributeNode(
  node: ParameterNode,
  parameters: readonly ParameterDescription[] | undefined,
) {
  return describedAs(parameters, node)?.attribute === true && typeof node.value === 'string'
}

/**
 * The nodes the schema declares as attributes, as the parent's attributes,
 * then the attributes with a schema default that were not given, at their
 * default (what the receiver assumes anyway; zeep writes them so too).
 */
export function parameterAttributes(
  nodes: readonly ParameterNode[],
  parameters: readonly ParameterDescription[] | undefined,
): XmlAttribute[] {
  const given = nodes
    .filter((node) => isAttributeNode(node, parameters))
    .map((node) => {
      const described = describedAs(parameters, node)!
      return attribute({ namespace: described.namespace, local: node.name }, node.value as string)
    })
  const defaults = (parameters ?? [])
    .filter((parameter) => parameter.attribute && parameter.default !== undefined)
    .filter((parameter) => !nodes.some((node) => node.name === parameter.name))
    .map((parameter) =>
      attribute({ namespace: parameter.namespace, local: parameter.name }, parameter.default!),
    )
  return [...given, ...defaults]
}

/**
 * The parameter tree as elements of the codec's XML model: each in the
 * namespace its schema gives it, or else `namespace` (the parent's); null
 * is `xsi:nil="true"`; a field the schema declares as an attribute is one
 * (see parameterAttributes for the top level's). Prefix hint `tns` for the
 * service's namespace. `encoded`: SOAP encoding, each value with its `xsi:type`.
 */
export function parameterElements(
  nodes: readonly ParameterNode[],
  parameters: readonly ParameterDescription[] | undefined,
  namespace: string,
  encoded = false,
): XmlElement[] {
  return nodes
    .filter((node) => !isAttributeNode(node, parameters))
    .map((node) => {
      const described = describedAs(parameters, node)
      const name = { namespace: described?.namespace ?? namespace, local: node.name }
      if (node.value === null) return element(name, [], [nil], 'tns')
      const attributes = encoded ? encodedAttributes(described, node) : []
      if (typeof node.value === 'string')
        return element(name, node.value === '' ? [] : [node.value], attributes, 'tns')
      const own = parameterAttributes(node.value, described?.children)
      const children = parameterElements(node.value, described?.children, name.namespace, encoded)
      return element(name, children, [...own, ...attributes], 'tns')
    })
}
