import { UsageError } from '../../../core/errors.js'
import { isNcName } from '../xml/qname.js'
import type { ParameterNode } from './parameter-tree.js'

/** What a valid name looks like, for every message about one that is not. */
export const xmlNameRule =
  "An XML name starts with a letter or '_' and goes on with letters, digits, '.', '-' or '_' (no spaces, no ':'), e.g. item_id or Item2."

/** UsageError unless `name` can be an XML element name; `what` says where it came from ("Operation", "--soap-header '…':"). */
export function checkXmlName(name: string, what: string): void {
  if (isNcName(name)) return
  throw new UsageError(`${what} '${name}' cannot be an XML element name.`, {
    hint: `${xmlNameRule} Nothing was sent.`,
  })
}

/** Every name in a parameter tree, at every level (in a.1b=2, '1b' is refused as part of 'a.1b'). */
export function checkParameterNames(nodes: readonly ParameterNode[], path = ''): void {
  for (const node of nodes) {
    checkXmlName(node.name, path === '' ? 'Parameter' : `Parameter '${path}${node.name}':`)
    if (Array.isArray(node.value)) checkParameterNames(node.value, `${path}${node.name}.`)
  }
}
