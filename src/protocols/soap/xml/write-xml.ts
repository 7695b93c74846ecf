import { isNcName, type QName, xmlNamespace } from './qname.js'
import { isElement, isQNameValue, type XmlElement, type XmlNode } from './xml-element.js'

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

  declarations(): [string, string][] {
    return [...this.#byNamespace]
      .filter(([namespace]) => namespace !== xmlNamespace)
      .map(([namespace, prefix]) => [`xmlns:${prefix}`, namespace])
  }
}

function collect(node: XmlElement, table: PrefixTable): void {
  table.add(node.name.namespace, node.prefix)
  for (const item of node.attributes) {
    table.add(item.name.namespace, item.prefix)
    if (isQNameValue(item.value)) table.add(item.value.qname.namespace, undefined)
  }
  for (const child of node.children) {
    if (isElement(child)) collect(child, table)
    else if (isQNameValue(child)) table.add(child.qname.namespace, undefined)
  }
}

function writeElement(node: XmlElement, table: PrefixTable, declarations: string): string {
  const name = table.name(node.name)
  let text = `<${name}${declarations}`
  for (const item of node.attributes) {
    const value =
      typeof item.value === 'string' ? item.value : table.name(item.value.qname) + (item.value.suffix ?? '')
    text += ` ${table.name(item.name)}="${escapeAttribute(value)}"`
  }
  if (node.children.length === 0) return `${text}/>`
  text += '>'
  for (const child of node.children as readonly XmlNode[]) {
    if (typeof child === 'string') text += escapeText(child)
    else if (isElement(child)) text += writeElement(child, table, '')
    else text += table.name(child.qname)
  }
  return `${text}</${name}>`
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
  const table = new PrefixTable(options.prefixes)
  collect(root, table)
  const declarations = table
    .declarations()
    .map(([name, uri]) => ` ${name}="${escapeAttribute(uri)}"`)
    .join('')
  const head = (options.declaration ?? true) ? '<?xml version="1.0" encoding="utf-8"?>' : ''
  return head + writeElement(root, table, declarations)
}
