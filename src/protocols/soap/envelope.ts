import { type SoapVersion, soapVersionForNamespace } from './soap-version.js'
import type { QName } from './xml/qname.js'
import { readXml, type XmlReadLimits } from './xml/read-xml.js'
import { writeXml, writeXmlPieces } from './xml/write-xml.js'
import { attribute, element, isElement, type XmlAttribute, type XmlElement } from './xml/xml-element.js'

/** One child of the Header, with the SOAP attributes that say who must process it. */
export interface HeaderBlock {
  /** The block itself; when building, SOAP attributes already on it are replaced by the fields below. */
  readonly element: XmlElement
  readonly mustUnderstand?: boolean | undefined
  /** `actor` (1.1) or `role` (1.2) URI; absent means the ultimate receiver. */
  readonly target?: string | undefined
  /** 1.2 only: relay the block when not processed. */
  readonly relay?: boolean | undefined
}

/** A SOAP message as data, in either version. */
export interface Envelope {
  readonly version: SoapVersion
  readonly headers: readonly HeaderBlock[]
  /** The Body's children (the operation element, or a Fault). */
  readonly body: readonly XmlElement[]
  /** URI for `encodingStyle` (on Body in 1.1, on each Body child in 1.2). */
  readonly encodingStyle?: string | undefined
}

export type EnvelopeProblem = 'version-mismatch' | 'structure'

/** An XML document that is not a SOAP envelope we can read. */
export class EnvelopeError extends Error {
  readonly problem: EnvelopeProblem
  /** The root element's name, for a version mismatch. */
  readonly found: QName | undefined

  constructor(problem: EnvelopeProblem, message: string, found?: QName) {
    super(message)
    this.name = 'EnvelopeError'
    this.problem = problem
    this.found = found
  }
}

const soapAttributes = new Set(['mustUnderstand', 'actor', 'role', 'relay', 'encodingStyle'])

function envelopeName(version: SoapVersion, local: string): QName {
  return { namespace: version.envelopeNamespace, local }
}

function blockElement(block: HeaderBlock, version: SoapVersion): XmlElement {
  const own = block.element.attributes.filter(
    (item) => !(item.name.namespace === version.envelopeNamespace && soapAttributes.has(item.name.local)),
  )
  const added: XmlAttribute[] = []
  if (block.mustUnderstand !== undefined) {
    const value = block.mustUnderstand
      ? version.mustUnderstandValue
      : version.mustUnderstandValue === '1'
        ? '0'
        : 'false'
    added.push(attribute(envelopeName(version, 'mustUnderstand'), value))
  }
  if (block.target !== undefined)
    added.push(attribute(envelopeName(version, version.targetAttribute), block.target))
  if (block.relay !== undefined && version.hasRelay) {
    added.push(attribute(envelopeName(version, 'relay'), block.relay ? 'true' : 'false'))
  }
  return { ...block.element, attributes: [...own, ...added] }
}

/** The Envelope element for a message (what `writeEnvelope` serialises). */
export function buildEnvelope(envelope: Envelope): XmlElement {
  const { version, encodingStyle } = envelope
  const style =
    encodingStyle === undefined ? [] : [attribute(envelopeName(version, 'encodingStyle'), encodingStyle)]
  const children: XmlElement[] = []
  if (envelope.headers.length > 0) {
    const blocks = envelope.headers.map((block) => blockElement(block, version))
    children.push(element(envelopeName(version, 'Header'), blocks))
  }
  const body = version.encodingStyleOnBody
    ? envelope.body
    : envelope.body.map((child) => ({ ...child, attributes: [...child.attributes, ...style] }))
  children.push(element(envelopeName(version, 'Body'), body, version.encodingStyleOnBody ? style : []))
  return element(envelopeName(version, 'Envelope'), children, [], version.prefix)
}

/**
 * The message as a document: XML declaration, envelope namespace prefixed
 * `soap`, other namespaces by `prefixes` (URI → prefix) or the elements' own.
 */
export function writeEnvelope(envelope: Envelope, prefixes: ReadonlyMap<string, string> = new Map()): string {
  return writeXml(buildEnvelope(envelope), { prefixes: envelopePrefixes(envelope, prefixes) })
}

/** `writeEnvelope` in pieces: text, and the bytes of reused elements as kept (see writeXmlPieces). */
export function writeEnvelopePieces(
  envelope: Envelope,
  prefixes: ReadonlyMap<string, string> = new Map(),
): (string | Buffer)[] {
  return writeXmlPieces(buildEnvelope(envelope), { prefixes: envelopePrefixes(envelope, prefixes) })
}

/** The prefixes with the envelope's own, made once per prefix map and version (a server writes every answer with one map). */
const withEnvelope = new WeakMap<ReadonlyMap<string, string>, Map<SoapVersion, ReadonlyMap<string, string>>>()

function envelopePrefixes(
  envelope: Envelope,
  prefixes: ReadonlyMap<string, string>,
): ReadonlyMap<string, string> {
  const { version } = envelope
  let byVersion = withEnvelope.get(prefixes)
  if (byVersion === undefined) {
    byVersion = new Map()
    withEnvelope.set(prefixes, byVersion)
  }
  let all = byVersion.get(version)
  if (all === undefined) {
    all = new Map([...prefixes, [version.envelopeNamespace, version.prefix]])
    byVersion.set(version, all)
  }
  return all
}

function structure(message: string): never {
  throw new EnvelopeError('structure', message)
}

function soapAttribute(node: XmlElement, version: SoapVersion, local: string): string | undefined {
  for (const item of node.attributes) {
    if (item.name.local === local && item.name.namespace === version.envelopeNamespace) {
      return typeof item.value === 'string' ? item.value : undefined
    }
  }
  return undefined
}

function booleanAttribute(node: XmlElement, version: SoapVersion, local: string): boolean | undefined {
  const raw = soapAttribute(node, version, local)
  if (raw === undefined) return undefined
  const value = raw.trim()
  if (value === '1' || value === 'true') return true
  if (value === '0' || value === 'false') return false
  return structure(
    `${local}="${raw.slice(0, 40)}" on header block ${node.name.local} is not 0, 1, true or false`,
  )
}

/** The element children of Envelope, Header or Body; text other than whitespace is refused. */
function elementsOf(node: XmlElement): XmlElement[] {
  const elements: XmlElement[] = []
  for (const child of node.children) {
    if (isElement(child)) elements.push(child)
    else if (typeof child === 'string' && child.trim() !== '') {
      structure(`the SOAP ${node.name.local} element holds text; only elements belong there`)
    }
  }
  return elements
}

function readHeader(header: XmlElement, version: SoapVersion): HeaderBlock[] {
  return elementsOf(header).map((block) => {
    if (block.name.namespace === '')
      structure(`header block ${block.name.local} has no namespace, which SOAP requires`)
    return {
      element: block,
      mustUnderstand: booleanAttribute(block, version, 'mustUnderstand'),
      target: soapAttribute(block, version, version.targetAttribute),
      relay: version.hasRelay ? booleanAttribute(block, version, 'relay') : undefined,
    }
  })
}

/** The version an envelope's root announces; EnvelopeError `version-mismatch` for any other root. */
export function envelopeVersion(root: XmlElement): SoapVersion {
  const version = root.name.local === 'Envelope' ? soapVersionForNamespace(root.name.namespace) : undefined
  if (version === undefined) {
    const found = root.name.namespace === '' ? root.name.local : `{${root.name.namespace}}${root.name.local}`
    throw new EnvelopeError(
      'version-mismatch',
      `the root element is ${found}, not a SOAP 1.1 or 1.2 Envelope`,
      root.name,
    )
  }
  return version
}

/** Reads an Envelope element into data: Header blocks with their SOAP attributes, Body children. */
export function parseEnvelope(root: XmlElement): Envelope {
  const version = envelopeVersion(root)
  const children = elementsOf(root)
  const inEnvelope = (node: XmlElement | undefined, local: string) =>
    node !== undefined && node.name.local === local && node.name.namespace === version.envelopeNamespace
  let index = 0
  const header = inEnvelope(children[0], 'Header') ? children[index++] : undefined
  const body = children[index++]
  if (body === undefined || !inEnvelope(body, 'Body')) {
    structure(
      `the Envelope has no Body${body === undefined ? '' : ` (found ${body.name.local} where Body belongs)`}`,
    )
  }
  if (index < children.length && !version.allowsTrailingElements) {
    structure(`SOAP ${version.id} allows nothing after the Body (found ${children[index]!.name.local})`)
  }
  const entries = elementsOf(body)
  const encodingStyle = version.encodingStyleOnBody
    ? soapAttribute(body, version, 'encodingStyle')
    : entries[0] && soapAttribute(entries[0], version, 'encodingStyle')
  return {
    version,
    headers: header === undefined ? [] : readHeader(header, version),
    body: entries,
    encodingStyle,
  }
}

/** readXml + parseEnvelope: a SOAP message from text, refusing hostile XML. */
export function readEnvelope(text: string, limits?: XmlReadLimits): Envelope {
  return parseEnvelope(readXml(text, limits))
}
