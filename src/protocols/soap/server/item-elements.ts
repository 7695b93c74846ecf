import type { Item } from '../../../server/kit/item.js'
import type { FieldProblem } from '../../../server/kit/store-error.js'
import { xsiNamespace } from '../xml/qname.js'
import { attribute, element, type ReusedElement, reusedElement, type XmlElement } from '../xml/xml-element.js'
import { tns } from './item-service.js'

const nil = attribute({ namespace: xsiNamespace, local: 'nil' }, 'true', 'xsi')

/** `<tns:name>text</tns:name>`, or `xsi:nil` for null. */
export function leaf(name: string, value: string | number | null): XmlElement {
  if (value === null) return element(tns(name), [], [nil])
  const text = typeof value === 'number' ? formatNumber(value) : value
  return element(tns(name), text === '' ? [] : [text], [], 'tns')
}

/** An xs:decimal lexical form (never exponent notation). */
export function formatNumber(value: number): string {
  const text = String(value)
  if (!/e/i.test(text)) return text
  if (Math.abs(value) >= 1e21) return BigInt(Math.round(value)).toString()
  return value.toFixed(20).replace(/\.?0+$/, '')
}

/** An item as the schema's tns:Item, under the given element name (`item`). */
export function itemElement(name: string, item: Item): XmlElement {
  return element(tns(name), [
    leaf('id', item.id),
    leaf('name', item.name),
    leaf('description', item.description),
    leaf('price', item.price),
    leaf('quantity', item.quantity),
    ...item.tags.map((tag) => leaf('tags', tag)),
    leaf('createdAt', item.createdAt),
    leaf('updatedAt', item.updatedAt),
  ])
}

/**
 * `<tns:item>` of an item, written once per item value and reused as bytes
 * afterwards: items are immutable (a write replaces the value), so an
 * unchanged item in answer after answer costs a map lookup, as REST's cached
 * JSON does. Like that cache it holds what was read: ~0.75 KB an item
 * (docs/decisions.md has the figures).
 */
const writtenItems = new WeakMap<Item, ReusedElement>()

export function reusedItemElement(item: Item): ReusedElement {
  let node = writtenItems.get(item)
  if (node === undefined) {
    node = reusedElement(() => itemElement('item', item))
    writtenItems.set(item, node)
  }
  return node
}

/** The fault detail: `<tns:ItemFault><tns:code/><tns:message/><tns:problem>…</tns:problem>*</tns:ItemFault>`. */
export function itemFaultElement(
  code: string,
  message: string,
  problems: readonly FieldProblem[],
): XmlElement {
  return element(tns('ItemFault'), [
    leaf('code', code),
    leaf('message', message),
    ...problems.map((problem) =>
      element(tns('problem'), [leaf('field', problem.field), leaf('message', problem.message)]),
    ),
  ])
}
