import type { QName } from './xml/qname.js'
import { xsiNamespace } from './xml/qname.js'
import { attribute, childElements, element, isNil, textContent, type XmlElement } from './xml/xml-element.js'

/** A message value as plain data: text, nil, a record of children, or a repeated element. */
export type SoapValue = string | null | SoapRecord | SoapValue[]

/** Children by local name. Made with a null prototype, so any element name is just a key. */
export interface SoapRecord {
  [name: string]: SoapValue
}

export function emptyRecord(): SoapRecord {
  return Object.create(null) as SoapRecord
}

/**
 * An element's value: null for `xsi:nil`, its text when it has no child
 * elements, else a record of its children by local name, where a name that
 * repeats holds an array. Attributes (other than xsi:nil) are not kept.
 */
export function elementValue(node: XmlElement): SoapValue {
  if (isNil(node)) return null
  const children = childElements(node)
  if (children.length === 0) return textContent(node)
  const record = emptyRecord()
  for (const child of children) addChild(record, child.name.local, elementValue(child))
  return record
}

/** Adds a child's value under its name: a name that repeats holds an array (elementValue's grouping). */
export function addChild(record: SoapRecord, name: string, value: SoapValue): void {
  if (!Object.hasOwn(record, name)) record[name] = value
  else {
    const existing = record[name]
    if (Array.isArray(existing)) existing.push(value)
    else record[name] = [existing!, value]
  }
}

/** An operation element's value as the record of its values: nil is none, text-only is `#text` (blank: none). */
export function operationValues(value: SoapValue): SoapRecord {
  if (value === null) return emptyRecord()
  if (typeof value === 'string') {
    const values = emptyRecord()
    if (value.trim() !== '') values['#text'] = value
    return values
  }
  return value as SoapRecord
}

export type SoapEntries = SoapRecord | readonly (readonly [string, SoapValue])[]

const nilAttribute = attribute({ namespace: xsiNamespace, local: 'nil' }, 'true', 'xsi')

function elementsFor(name: QName, value: SoapValue, namespace: string): XmlElement[] {
  if (value === null) return [element(name, [], [nilAttribute])]
  if (typeof value === 'string') return [element(name, value === '' ? [] : [value])]
  if (Array.isArray(value)) return value.flatMap((entry) => elementsFor(name, entry, namespace))
  return [element(name, valuesToElements(value, namespace))]
}

/**
 * The inverse of elementValue: one element per key in `namespace` ('' for
 * unqualified), arrays repeat the element, records nest, null is `xsi:nil`.
 * Pass entries instead of a record to fix an order a record would not keep.
 */
export function valuesToElements(values: SoapEntries, namespace: string): XmlElement[] {
  const entries = Array.isArray(values) ? values : Object.entries(values as SoapRecord)
  return entries.flatMap(([local, value]) => elementsFor({ namespace, local }, value, namespace))
}
