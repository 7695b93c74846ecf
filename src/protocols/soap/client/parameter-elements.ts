import { xsiNamespace } from '../xml/qname.js'
import { attribute, element, type XmlElement } from '../xml/xml-element.js'
import type { ParameterNode } from './parameter-tree.js'
import type { ParameterDescription } from './service-description.js'

const nil = attribute({ namespace: xsiNamespace, local: 'nil' }, 'true', 'xsi')

/**
 * The parameter tree as elements of the codec's XML model: each in the
 * namespace its schema gives it, or else `namespace` (the parent's); null
 * is `xsi:nil="true"`. Prefix hint `tns` for the service's namespace.
 */
export function parameterElements(
  nodes: readonly ParameterNode[],
  parameters: readonly ParameterDescription[] | undefined,
  namespace: string,
): XmlElement[] {
  return nodes.map((node) => {
    const described = parameters?.find((parameter) => parameter.name === node.name)
    const name = { namespace: described?.namespace ?? namespace, local: node.name }
    if (node.value === null) return element(name, [], [nil], 'tns')
    if (typeof node.value === 'string') return element(name, node.value === '' ? [] : [node.value], [], 'tns')
    return element(name, parameterElements(node.value, described?.children, name.namespace), [], 'tns')
  })
}
