import { isNcName, type QName, xmlNamespace } from './qname.js'
import {
  isElement,
  isQNameValue,
  isReusedElement,
  type ReusedElement,
  type WrittenElement,
  type XmlElement,
  type XmlNode,
} from './xml-element.js'

export interface XmlWriteOptions {
  /** Preferred prefixes by namespace URI, e.g. `{ 'http://schemas.xmlsoap.org/soap/envelope/': 'soap' }`. */
  prefixes?: ReadonlyMap<string, string>
  /** Start with `<?xml version="1.0" encoding="utf-8"?>` (default true). */
  declaration?: boolean
}

/** A name or value the writer cannot put into well-formed XML. */
export class XmlWriteError extends Error {
  override name = 'XmlWriteError'
}

/** What XML 1.0 cannot carry: C0 controls except tab/LF/CR, U+FFFE/U+FFFF, lone surrogates. */
const forbidden =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding the characters XML cannot carry is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g
const attributeSpecial = /[&<>"\t\n\r]/g
const attributeEntities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
}

/** Names found to be NCNames lately: a service writes the same few in every message. */
const knownNames = new Set<string>()

function checkName(local: string): string {
  if (knownNames.has(local)) return local
  if (!isNcName(local))
    throw new XmlWriteError(`${JSON.stringify(local)} cannot be an XML element or attribute name`)
  if (knownNames.size >= 1024) knownNames.clear()
  if (local.length <= 256) knownNames.add(local)
  return local
}

const textSpecial = /[&<>\r]/g
const textEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' }
// biome-ignore lint/suspicious/noControlCharactersInRegex: a quick test for anything that needs escaping
const needsWork = /[&<>"\t\n\r\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/

function clean(text: string): string {
  return text.replace(forbidden, '\ufffd')
}

/** Character data: `& < >` escaped (`>` too, so `]]>` never appears) and CR kept as `&#13;`. */
export function escapeText(text: string): string {
  return needsWork.test(text)
    ? clean(text).replace(textSpecial, (character) => textEntities[character]!)
    : text
}

/** An attribute value in double quotes: `& < > "` and tab/LF/CR escaped (the last three survive normalisation). */
export function escapeAttribute(text: string): string {
  return needsWork.test(text)
    ? clean(text).replace(attributeSpecial, (character) => attributeEntities[character]!)
    : text
}

/** Assigns one prefix per namespace, declared once on the root. */
class PrefixTable {
  readonly #byNamespace = new Map<string, string>([[xmlNamespace, 'xml']])
  readonly #taken = new Set<string>(['xml', 'xmlns'])
  readonly #preferred: ReadonlyMap<string, string>

  constructor(preferred: ReadonlyMap<string, string> | undefined) {
    this.#preferred = preferred ?? new Map()
  }

  add(namespace: string, hint: string | undefined): void {
    if (namespace === '' || this.#byNamespace.has(namespace)) return
    const wanted = this.#preferred.get(namespace) ?? hint
    let prefix = wanted !== undefined && isNcName(wanted) && !/^xml/i.test(wanted) ? wanted : 'ns'
    if (this.#taken.has(prefix) || prefix === 'ns') {
      let index = prefix === 'ns' ? 0 : 1
      while (this.#taken.has(`${prefix}${index}`)) index++
      prefix = `${prefix}${index}`
    }
    this.#taken.add(prefix)
    this.#byNamespace.set(namespace, prefix)
  }

  name(name: QName): string {
    checkName(name.local)
    return name.namespace === '' ? name.local : `${this.#byNamespace.get(name.namespace)}:${name.local}`
  }

  prefixOf(namespace: string): string | undefined {
    return this.#byNamespace.get(namespace)
  }

  declarations(): [string, string][] {
    return [...this.#byNamespace]
      .filter(([namespace]) => namespace !== xmlNamespace)
      .map(([namespace, prefix]) => [`xmlns:${prefix}`, namespace])
  }
}

/** Where `collect` reports each namespace use (with the prefix hint it gives), in document order. */
type NamespaceUse = (namespace: string, hint: string | undefined) => void

function collect(node: XmlElement, use: NamespaceUse): void {
  use(node.name.namespace, node.prefix)
  for (const item of node.attributes) {
    use(item.name.namespace, item.prefix)
    if (isQNameValue(item.value)) use(item.value.qname.namespace, undefined)
  }
  for (const child of node.children) {
    if (isElement(child)) collect(child, use)
    else if (isReusedElement(child)) collectReused(child, use)
    else if (isQNameValue(child)) use(child.qname.namespace, undefined)
  }
}

type Namespaces = WrittenElement['namespaces']

/**
 * A reused element's namespaces: replaying the first use of each is what
 * walking the element would do (later uses add nothing). The first time, the
 * element is built and kept until it is written.
 */
function collectReused(node: ReusedElement, use: NamespaceUse): void {
  if (node.written === undefined) {
    const element = node.build()
    const found: [string, string | undefined, string][] = []
    collect(element, (namespace, hint) => {
      if (namespace !== '' && !found.some(([known]) => known === namespace)) found.push([namespace, hint, ''])
    })
    node.written = { element, namespaces: sharedList(found) }
  }
  for (const [namespace, hint] of node.written.namespaces) use(namespace, hint)
}

/** The namespace lists kept: every item of a service uses the same one or two, and each kept copy would stay alive. */
const namespaceLists: Namespaces[] = []

function sharedList(namespaces: Namespaces): Namespaces {
  for (const known of namespaceLists) {
    if (
      known.length === namespaces.length &&
      known.every((entry, index) => entry.every((part, at) => part === namespaces[index]![at]))
    ) {
      return known
    }
  }
  if (namespaceLists.length >= 16) namespaceLists.length = 0
  namespaceLists.push(namespaces)
  return namespaces
}

function samePrefixes(namespaces: Namespaces, table: PrefixTable): boolean {
  for (const [namespace, , prefix] of namespaces) if (table.prefixOf(namespace) !== prefix) return false
  return true
}

/** Text, and the UTF-8 bytes of reused elements, in document order. */
class Output {
  text = ''
  readonly pieces: (string | Buffer)[] = []

  add(bytes: Buffer): void {
    if (this.text !== '') this.pieces.push(this.text)
    this.pieces.push(bytes)
    this.text = ''
  }

  end(): (string | Buffer)[] {
    if (this.text !== '' || this.pieces.length === 0) this.pieces.push(this.text)
    this.text = ''
    return this.pieces
  }
}

/** The element's bytes as last written when the table gives its namespaces the same prefixes; else written now. */
function writeReused(node: ReusedElement, table: PrefixTable, out: Output): void {
  const kept = node.written
  if (kept === undefined) throw new Error('a reused element is written before its namespaces are collected')
  if (kept.bytes !== undefined && samePrefixes(kept.namespaces, table)) {
    out.add(kept.bytes)
    return
  }
  const own = new Output()
  writeElement(kept.element ?? node.build(), table, '', own)
  const pieces = own.end()
  const bytes =
    pieces.length === 1 && typeof pieces[0] === 'string'
      ? Buffer.from(pieces[0])
      : Buffer.concat(pieces.map((piece) => (typeof piece === 'string' ? Buffer.from(piece) : piece)))
  const namespaces = kept.namespaces.map(
    ([namespace, hint]) => [namespace, hint, table.prefixOf(namespace) ?? ''] as const,
  )
  node.written = { bytes, namespaces: sharedList(namespaces) }
  out.add(bytes)
}

function writeElement(node: XmlElement, table: PrefixTable, declarations: string, out: Output): void {
  const name = table.name(node.name)
  out.text += `<${name}${declarations}`
  for (const item of node.attributes) {
    const value =
      typeof item.value === 'string' ? item.value : table.name(item.value.qname) + (item.value.suffix ?? '')
    out.text += ` ${table.name(item.name)}="${escapeAttribute(value)}"`
  }
  if (node.children.length === 0) {
    out.text += '/>'
    return
  }
  out.text += '>'
  for (const child of node.children as readonly XmlNode[]) {
    if (typeof child === 'string') out.text += escapeText(child)
    else if (isElement(child)) writeElement(child, table, '', out)
    else if (isReusedElement(child)) writeReused(child, table, out)
    else out.text += table.name(child.qname)
  }
  out.text += `</${name}>`
}

/**
 * The document in pieces: text, and the UTF-8 bytes of each ReusedElement
 * as kept, so a server can send an answer without encoding those again (one
 * string when there are none). Otherwise as `writeXml`.
 */
export function writeXmlPieces(root: XmlElement, options: XmlWriteOptions = {}): (string | Buffer)[] {
  const table = new PrefixTable(options.prefixes)
  collect(root, (namespace, hint) => table.add(namespace, hint))
  const declarations = table
    .declarations()
    .map(([name, uri]) => ` ${name}="${escapeAttribute(uri)}"`)
    .join('')
  const out = new Output()
  if (options.declaration ?? true) out.text = '<?xml version="1.0" encoding="utf-8"?>'
  writeElement(root, table, declarations, out)
  return out.end()
}

/**
 * Serialises the model: namespaces declared once on the root (with the
 * preferred prefixes), text and attributes escaped, characters XML 1.0
 * cannot carry replaced by U+FFFD, names checked. (xml-js reads; its
 * js2xml is not used here: it turns a literal "&amp;" in text back into
 * "&", leaves `&` and `<` in attribute values unescaped, and costs a third
 * of a GetItem answer's budget.)
 */
export function writeXml(root: XmlElement, options: XmlWriteOptions = {}): string {
  const pieces = writeXmlPieces(root, options)
  return pieces.length === 1 && typeof pieces[0] === 'string'
    ? pieces[0]
    : pieces.map((piece) => (typeof piece === 'string' ? piece : piece.toString('utf8'))).join('')
}
