import { type FaultKind, type SoapVersion, soap11, soap12 } from './soap-version.js'
import { type QName, xmlNamespace } from './xml/qname.js'
import {
  attribute,
  attributeValue,
  childElements,
  element,
  isElement,
  resolveQName,
  textContent,
  type XmlElement,
  type XmlNode,
} from './xml/xml-element.js'

export interface FaultReason {
  readonly text: string
  /** `xml:lang`; '' when the message did not say. */
  readonly lang: string
}

/** A SOAP fault as data, either version (zeep's `Fault`: code, message, actor, detail, subcodes). */
export interface SoapFault {
  /** faultcode (1.1) or Code/Value (1.2); the standard codes are in the envelope namespace. */
  readonly code: QName
  /** 1.2 Code/Subcode/Value, outermost first (1.1 has none). */
  readonly subcodes: readonly QName[]
  /** faultstring (1.1), or the Reason text in English or else the first one (1.2). */
  readonly reason: string
  /** Every Reason/Text (1.2) with its language; a 1.1 fault has one. */
  readonly reasons: readonly FaultReason[]
  /** faultactor (1.1) or Role (1.2). */
  readonly actor?: string | undefined
  /** 1.2 Node. */
  readonly node?: string | undefined
  /** The content of detail (1.1) or Detail (1.2); undefined when there is none. */
  readonly detail?: readonly XmlNode[] | undefined
}

export interface FaultOptions {
  subcodes?: readonly QName[]
  actor?: string
  node?: string
  detail?: readonly XmlNode[]
  lang?: string
}

export function standardFaultCode(version: SoapVersion, kind: FaultKind): QName {
  return { namespace: version.envelopeNamespace, local: version.faultCodes[kind] }
}

/** A fault with one of the standard codes, named as this version names it. */
export function makeFault(
  version: SoapVersion,
  kind: FaultKind,
  reason: string,
  options: FaultOptions = {},
): SoapFault {
  return {
    code: standardFaultCode(version, kind),
    subcodes: options.subcodes ?? [],
    reason,
    reasons: [{ text: reason, lang: options.lang ?? 'en' }],
    actor: options.actor,
    node: options.node,
    detail: options.detail,
  }
}

/**
 * What a fault code means, whatever the version called it: Client/Sender →
 * `client`, Server/Receiver → `server`, … 1.1's dotted codes (`Client.Auth`)
 * count as their first part. Read leniently, as servers write them: a code
 * in no namespace (`<faultcode>Client</faultcode>` without a prefix) or in
 * either envelope namespace is known by its name in either version (node-soap
 * answers `soap:Client` in a 1.2 envelope). Undefined for any other namespace.
 */
export function faultKind(fault: SoapFault, version: SoapVersion): FaultKind | undefined {
  const { namespace, local } = fault.code
  const other = otherVersion(version)
  if (namespace !== '' && namespace !== version.envelopeNamespace && namespace !== other.envelopeNamespace) {
    return undefined
  }
  // A prefix the message never bound (`SOAP-ENV:Client` read as a name in no namespace) is dropped.
  const name = namespace === '' ? local.slice(local.indexOf(':') + 1) : local
  return kindNamed(name, version) ?? kindNamed(name, other)
}

function otherVersion(version: SoapVersion): SoapVersion {
  return version.id === soap11.id ? soap12 : soap11
}

function kindNamed(code: string, version: SoapVersion): FaultKind | undefined {
  const local = version.id === '1.1' ? code.split('.')[0]! : code
  const kinds = Object.keys(version.faultCodes) as FaultKind[]
  return (
    kinds.find((kind) => version.faultCodes[kind] === local && kind !== 'dataEncodingUnknown') ??
    kinds.find((kind) => version.faultCodes[kind] === local)
  )
}

export function isFault(node: XmlElement, version: SoapVersion): boolean {
  return node.name.local === 'Fault' && node.name.namespace === version.envelopeNamespace
}

const unqualified = (local: string): QName => ({ namespace: '', local })

function buildFault11(fault: SoapFault, version: SoapVersion): XmlElement {
  const children: XmlElement[] = [
    element(unqualified('faultcode'), [{ qname: fault.code }]),
    element(unqualified('faultstring'), [fault.reason]),
  ]
  if (fault.actor !== undefined) children.push(element(unqualified('faultactor'), [fault.actor]))
  if (fault.detail !== undefined) children.push(element(unqualified('detail'), fault.detail))
  return element({ namespace: version.envelopeNamespace, local: 'Fault' }, children)
}

function buildFault12(fault: SoapFault, version: SoapVersion): XmlElement {
  const name = (local: string): QName => ({ namespace: version.envelopeNamespace, local })
  let code: XmlElement | undefined
  for (const subcode of [...fault.subcodes].reverse()) {
    const value = element(name('Value'), [{ qname: subcode }])
    code = element(name('Subcode'), code === undefined ? [value] : [value, code])
  }
  const value = element(name('Value'), [{ qname: fault.code }])
  const reasons = fault.reasons.length > 0 ? fault.reasons : [{ text: fault.reason, lang: 'en' }]
  const texts = reasons.map((reason) =>
    element(
      name('Text'),
      [reason.text],
      [attribute({ namespace: xmlNamespace, local: 'lang' }, reason.lang || 'en')],
    ),
  )
  const children: XmlElement[] = [
    element(name('Code'), code === undefined ? [value] : [value, code]),
    element(name('Reason'), texts),
  ]
  if (fault.node !== undefined) children.push(element(name('Node'), [fault.node]))
  if (fault.actor !== undefined) children.push(element(name('Role'), [fault.actor]))
  if (fault.detail !== undefined) children.push(element(name('Detail'), fault.detail))
  return element(name('Fault'), children)
}

/** The Fault element (the Body's only child) for this version. */
export function buildFault(fault: SoapFault, version: SoapVersion): XmlElement {
  return version.id === '1.1' ? buildFault11(fault, version) : buildFault12(fault, version)
}

function child(parent: XmlElement | undefined, local: string, namespace?: string): XmlElement | undefined {
  if (parent === undefined) return undefined
  return childElements(parent).find(
    (node) => node.name.local === local && (namespace === undefined || node.name.namespace === namespace),
  )
}

function codeOf(node: XmlElement | undefined): QName {
  if (node === undefined) return { namespace: '', local: '' }
  const text = textContent(node).trim()
  return resolveQName(node, text) ?? { namespace: '', local: text }
}

function optionalText(node: XmlElement | undefined): string | undefined {
  return node === undefined ? undefined : textContent(node).trim()
}

/** 1.1: faultcode, faultstring, faultactor, detail (read leniently: any namespace on those children). */
function parseFault11(fault: XmlElement): SoapFault {
  const reason = optionalText(child(fault, 'faultstring')) ?? ''
  const detail = child(fault, 'detail')
  return {
    code: codeOf(child(fault, 'faultcode')),
    subcodes: [],
    reason,
    reasons: [{ text: reason, lang: '' }],
    actor: optionalText(child(fault, 'faultactor')),
    detail: detail?.children,
  }
}

/** 1.2: Code/Value, Code/Subcode*, Reason/Text (xml:lang), Node, Role, Detail. */
function parseFault12(fault: XmlElement, version: SoapVersion): SoapFault {
  const ns = version.envelopeNamespace
  const code = child(fault, 'Code', ns)
  const subcodes: QName[] = []
  for (
    let subcode = child(code, 'Subcode', ns);
    subcode !== undefined;
    subcode = child(subcode, 'Subcode', ns)
  ) {
    subcodes.push(codeOf(child(subcode, 'Value', ns)))
  }
  const texts = childElements(child(fault, 'Reason', ns) ?? element({ namespace: ns, local: 'Reason' }))
    .filter((node) => node.name.local === 'Text' && node.name.namespace === ns)
    .map((node) => ({
      text: textContent(node).trim(),
      lang: attributeValue(node, { namespace: xmlNamespace, local: 'lang' }) ?? '',
    }))
  const preferred = texts.find((text) => /^en\b/i.test(text.lang)) ?? texts[0]
  const detail = child(fault, 'Detail', ns)
  return {
    code: codeOf(child(code, 'Value', ns)),
    subcodes,
    reason: preferred?.text ?? '',
    reasons: texts,
    actor: optionalText(child(fault, 'Role', ns)),
    node: optionalText(child(fault, 'Node', ns)),
    detail: detail?.children,
  }
}

/** Reads a Fault element of this version into data. */
export function parseFault(fault: XmlElement, version: SoapVersion): SoapFault {
  return version.id === '1.1' ? parseFault11(fault) : parseFault12(fault, version)
}

/** The detail's child elements (what a renderer shows as key/value). */
export function detailElements(fault: SoapFault): XmlElement[] {
  return (fault.detail ?? []).filter(isElement)
}
