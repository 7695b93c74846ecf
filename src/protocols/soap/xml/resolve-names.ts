import { NamespaceScope } from './namespace-scope.js'
import { type QName, xmlNamespace, xmlnsNamespace } from './qname.js'
import { isUriReference } from './uri-reference.js'
import type { XmlAttribute, XmlElement, XmlNode } from './xml-element.js'
import { XmlReadError } from './xml-read-error.js'

/** What xml-js hands back in its non-compact form (the fields we use). */
export interface RawNode {
  type?: string
  name?: string
  attributes?: Record<string, string>
  elements?: RawNode[]
  text?: string
  cdata?: string
  parent?: unknown
}

const initialScope = new NamespaceScope(new Map([['xml', xmlNamespace]]))

function namespaceError(message: string): never {
  throw new XmlReadError('namespace', `not namespace-well-formed XML: ${message}`)
}

function split(name: string): [prefix: string, local: string] {
  const colon = name.indexOf(':')
  if (colon === -1) return ['', name]
  const prefix = name.slice(0, colon)
  const local = name.slice(colon + 1)
  if (prefix === '' || local === '' || local.includes(':'))
    namespaceError(`${JSON.stringify(name)} is not a valid name`)
  return [prefix, local]
}

function checkDeclaration(prefix: string, uri: string): void {
  if (prefix === 'xmlns') namespaceError('the xmlns prefix cannot be declared')
  if ((prefix === 'xml') !== (uri === xmlNamespace)) {
    namespaceError('the xml prefix and the XML namespace belong only to each other')
  }
  if (uri === xmlnsNamespace) namespaceError(`${uri} cannot be bound to a prefix`)
  if (prefix !== '' && uri === '') namespaceError(`the prefix ${prefix} cannot be undeclared`)
  if (!isUriReference(uri)) namespaceError(`${JSON.stringify(uri.slice(0, 200))} is not a URI reference`)
}

/**
 * Applies an element's xmlns declarations; returns the scope for it and the
 * other attributes. Only declarations that change a binding make a new link;
 * an element that declares nothing new shares its parent's scope.
 */
function scopeOf(
  raw: Record<string, string> | undefined,
  inherited: NamespaceScope,
): [NamespaceScope, [string, string][]] {
  const rest: [string, string][] = []
  if (raw === undefined) return [inherited, rest]
  let own: Map<string, string> | undefined
  for (const key of Object.keys(raw)) {
    const value = raw[key]!
    if (key === 'xmlns' || key.startsWith('xmlns:')) {
      const prefix = key === 'xmlns' ? '' : key.slice(6)
      checkDeclaration(prefix, value)
      if (own?.has(prefix) === true || inherited.get(prefix) !== value) {
        own ??= new Map()
        own.set(prefix, value)
      }
    } else rest.push([key, value])
  }
  return [own === undefined ? inherited : new NamespaceScope(own, inherited), rest]
}

function resolveName(scope: NamespaceScope, name: string, isAttribute: boolean): [QName, string] {
  const [prefix, local] = split(name)
  if (prefix === '') return [{ namespace: isAttribute ? '' : (scope.get('') ?? ''), local }, '']
  const namespace = scope.get(prefix)
  if (namespace === undefined) namespaceError(`the prefix ${prefix} (in ${name}) is not declared`)
  return [{ namespace, local }, prefix]
}

function attributesOf(scope: NamespaceScope, pairs: [string, string][]): XmlAttribute[] {
  const attributes: XmlAttribute[] = []
  const seen = new Set<string>()
  for (const [rawName, value] of pairs) {
    const [name, prefix] = resolveName(scope, rawName, true)
    const key = `${name.namespace} ${name.local}`
    if (seen.has(key)) namespaceError(`the attribute ${rawName} appears twice on one element`)
    seen.add(key)
    attributes.push(prefix === '' ? { name, value } : { name, value, prefix })
  }
  return attributes
}

function childrenOf(raw: RawNode, scope: NamespaceScope): XmlNode[] {
  const children: XmlNode[] = []
  for (const node of raw.elements ?? []) {
    let text: string | undefined
    if (node.type === 'element') children.push(convert(node, scope))
    else if (node.type === 'text') text = String(node.text ?? '')
    else if (node.type === 'cdata') text = String(node.cdata ?? '')
    if (text === undefined) continue
    const last = children.length - 1
    if (last >= 0 && typeof children[last] === 'string') children[last] += text
    else children.push(text)
  }
  return children
}

function convert(raw: RawNode, inherited: NamespaceScope): XmlElement {
  const [scope, pairs] = scopeOf(raw.attributes, inherited)
  const [name, prefix] = resolveName(scope, raw.name ?? '', false)
  return {
    name,
    prefix,
    attributes: attributesOf(scope, pairs),
    children: childrenOf(raw, scope),
    namespaces: scope,
  }
}

/** xml-js's tree (prefixed names, xmlns attributes) → the namespace-resolved model. */
export function resolveNames(root: RawNode): XmlElement {
  return convert(root, initialScope)
}
