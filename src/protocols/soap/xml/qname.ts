/** A namespace-qualified XML name. `namespace` is '' for a name in no namespace. */
export interface QName {
  readonly namespace: string
  readonly local: string
}

export function qname(namespace: string, local: string): QName {
  return { namespace, local }
}

export function sameName(a: QName, b: QName): boolean {
  return a.local === b.local && a.namespace === b.namespace
}

const ncName = /^[A-Za-z_\u00C0-\uFFFF][\w.\u00B7\u00C0-\uFFFF-]*$/

/** True when the text can be an XML element or attribute name without a prefix (an NCName). */
export function isNcName(text: string): boolean {
  return ncName.test(text)
}

/** Clark notation, `{urn:x}Name` (or `Name` without a namespace): for messages and map keys. */
export function clark(name: QName): string {
  return name.namespace === '' ? name.local : `{${name.namespace}}${name.local}`
}

/** The namespace bound to the `xml` prefix, which is never declared. */
export const xmlNamespace = 'http://www.w3.org/XML/1998/namespace'
/** The namespace of `xmlns` declarations themselves. */
export const xmlnsNamespace = 'http://www.w3.org/2000/xmlns/'
export const xsiNamespace = 'http://www.w3.org/2001/XMLSchema-instance'
export const xsdNamespace = 'http://www.w3.org/2001/XMLSchema'
