import { type QName, sameName, xsiNamespace } from './qname.js'

/**
 * The XML model the SOAP codec reads into and writes from: namespace-resolved
 * names, attributes as a list, children as elements and text. Element and
 * attribute names are plain values, never object keys, so a hostile name such
 * as `__proto__` cannot reach a prototype.
 */
export interface XmlElement {
  readonly name: QName
  /** The prefix as read; when writing, the preferred prefix for the element's namespace. */
  readonly prefix?: string | undefined
  readonly attributes: readonly XmlAttribute[]
  readonly children: readonly XmlNode[]
  /** In-scope namespace bindings (prefix → URI, '' for the default), on elements that were read. */
  readonly namespaces?: ReadonlyMap<string, string> | undefined
}

export interface XmlAttribute {
  readonly name: QName
  /** Text, or a QName the writer turns into `prefix:local` (e.g. SupportedEnvelope/@qname). */
  readonly value: string | QNameValue
  readonly prefix?: string | undefined
}

/** Character content that is a QName (a faultcode, a 1.2 fault Value): written with the right prefix. */
export interface QNameValue {
  readonly qname: QName
  /** Text written right after `prefix:local`, e.g. SOAP-ENC:arrayType's `[2]`. */
  readonly suffix?: string | undefined
}

/**
 * An element the writer writes once and then repeats as text, for as long as
 * its namespaces get the same prefixes: for values answered again and again
 * (a store's unchanged items). Only the writer reads it; a parse never makes one.
 */
export interface ReusedElement {
  /** Builds the element: for its first write, and again whenever the prefixes differ. */
  readonly build: () => XmlElement
  /** What the writer keeps of the last write (the writer's own slot). */
  written: WrittenElement | undefined
}

/**
 * An element as written: its text as UTF-8, and each namespace it uses (first
 * uses in order) with the prefix hint it gives and the prefix it got. Between
 * the writer's two passes (namespaces, then text) of its first write, the
 * built element instead of the bytes.
 */
export interface WrittenElement {
  readonly bytes?: Buffer | undefined
  readonly element?: XmlElement | undefined
  readonly namespaces: readonly (readonly [namespace: string, hint: string | undefined, prefix: string])[]
}

export type XmlNode = XmlElement | string | QNameValue | ReusedElement

export function isElement(node: XmlNode): node is XmlElement {
  return typeof node === 'object' && 'children' in node
}

export function isReusedElement(node: XmlNode): node is ReusedElement {
  return typeof node === 'object' && 'build' in node
}

/** An element built by `build` when first written, then written again from its text (see ReusedElement). */
export function reusedElement(build: () => XmlElement): ReusedElement {
  return { build, written: undefined }
}

export function isQNameValue(value: unknown): value is QNameValue {
  return typeof value === 'object' && value !== null && 'qname' in value
}

/** Builds an element: `element(name, ['text'])`, `element(name, [child], [attribute(...)])`. */
export function element(
  name: QName,
  children: readonly XmlNode[] = [],
  attributes: readonly XmlAttribute[] = [],
  prefix?: string,
): XmlElement {
  return prefix === undefined ? { name, attributes, children } : { name, attributes, children, prefix }
}

export function attribute(name: QName, value: string | QNameValue, prefix?: string): XmlAttribute {
  return prefix === undefined ? { name, value } : { name, value, prefix }
}

export function childElements(parent: XmlElement): XmlElement[] {
  return parent.children.filter(isElement)
}

export function firstChild(parent: XmlElement, name: QName): XmlElement | undefined {
  for (const child of parent.children) if (isElement(child) && sameName(child.name, name)) return child
  return undefined
}

/** The concatenated character content of an element and its descendants. */
export function textContent(node: XmlElement): string {
  let text = ''
  for (const child of node.children) {
    if (typeof child === 'string') text += child
    else if (isElement(child)) text += textContent(child)
  }
  return text
}

/** True when the element has at least one child element. */
export function hasChildElements(node: XmlElement): boolean {
  return node.children.some(isElement)
}

/** The value of an attribute by namespace and local name (as written for QName values). */
export function attributeValue(node: XmlElement, name: QName): string | undefined {
  for (const item of node.attributes) {
    if (sameName(item.name, name)) return typeof item.value === 'string' ? item.value : item.value.qname.local
  }
  return undefined
}

/** `xsi:nil="true"` (or "1"). */
export function isNil(node: XmlElement): boolean {
  const nil = attributeValue(node, { namespace: xsiNamespace, local: 'nil' })?.trim()
  return nil === 'true' || nil === '1'
}

/**
 * Resolves QName-valued content such as `soap:Client` with the element's
 * in-scope namespaces; undefined when the prefix is not bound. An unprefixed
 * value takes the default namespace (as XML Schema's QName does).
 */
export function resolveQName(node: XmlElement, text: string): QName | undefined {
  const value = text.trim()
  const colon = value.indexOf(':')
  const prefix = colon === -1 ? '' : value.slice(0, colon)
  const local = colon === -1 ? value : value.slice(colon + 1)
  if (local === '' || local.includes(':')) return undefined
  const namespace = node.namespaces?.get(prefix)
  if (namespace === undefined) return prefix === '' ? { namespace: '', local } : undefined
  return { namespace, local }
}
