/**
 * SOAP 1.1 and 1.2 as data (the zeep shape: one codec, two small tables of
 * named differences) — namespaces, media types, fault code names, how header
 * blocks are targeted.
 */
export type SoapVersionId = '1.1' | '1.2'

/** The standard fault codes by meaning; each version names them. */
export type FaultKind = 'versionMismatch' | 'mustUnderstand' | 'client' | 'server' | 'dataEncodingUnknown'

export interface SoapVersion {
  readonly id: SoapVersionId
  readonly envelopeNamespace: string
  /** The WSDL 1.1 binding extension namespace (`soap:` / `soap12:` elements). */
  readonly bindingNamespace: string
  /** What `soap:binding/@transport` says for SOAP over HTTP. */
  readonly httpTransport: string
  readonly mediaType: 'text/xml' | 'application/soap+xml'
  /** Whether the SOAPAction travels as its own HTTP header (1.1) or as the media type's `action` parameter (1.2). */
  readonly actionInHeader: boolean
  /** The prefix written for the envelope namespace. */
  readonly prefix: string
  /** The header block attribute that names who it is for: `actor` (1.1) or `role` (1.2). */
  readonly targetAttribute: 'actor' | 'role'
  /** The target meaning "whoever processes this message next". */
  readonly nextTarget: string
  /** Targets that mean the final receiver, beside no target at all. */
  readonly ultimateReceiverTargets: readonly string[]
  /** A target no node plays (1.2 `none`): such blocks are never processed. */
  readonly noneTarget: string | undefined
  /** How `mustUnderstand` is written. */
  readonly mustUnderstandValue: '1' | 'true'
  /** Whether the `relay` attribute exists (1.2). */
  readonly hasRelay: boolean
  /** Whether elements may follow the Body (1.1 allows them). */
  readonly allowsTrailingElements: boolean
  /** Where `encodingStyle` goes for the whole body: on Body (1.1), or on each Body child (1.2 forbids it on Body). */
  readonly encodingStyleOnBody: boolean
  readonly faultCodes: Readonly<Record<FaultKind, string>>
}

export const soap11: SoapVersion = {
  id: '1.1',
  envelopeNamespace: 'http://schemas.xmlsoap.org/soap/envelope/',
  bindingNamespace: 'http://schemas.xmlsoap.org/wsdl/soap/',
  httpTransport: 'http://schemas.xmlsoap.org/soap/http',
  mediaType: 'text/xml',
  actionInHeader: true,
  prefix: 'soap',
  targetAttribute: 'actor',
  nextTarget: 'http://schemas.xmlsoap.org/soap/actor/next',
  ultimateReceiverTargets: [],
  noneTarget: undefined,
  mustUnderstandValue: '1',
  hasRelay: false,
  allowsTrailingElements: true,
  encodingStyleOnBody: true,
  faultCodes: {
    versionMismatch: 'VersionMismatch',
    mustUnderstand: 'MustUnderstand',
    client: 'Client',
    server: 'Server',
    dataEncodingUnknown: 'Client',
  },
}

export const soap12: SoapVersion = {
  id: '1.2',
  envelopeNamespace: 'http://www.w3.org/2003/05/soap-envelope',
  bindingNamespace: 'http://schemas.xmlsoap.org/wsdl/soap12/',
  httpTransport: 'http://schemas.xmlsoap.org/soap/http',
  mediaType: 'application/soap+xml',
  actionInHeader: false,
  prefix: 'soap',
  targetAttribute: 'role',
  nextTarget: 'http://www.w3.org/2003/05/soap-envelope/role/next',
  ultimateReceiverTargets: ['http://www.w3.org/2003/05/soap-envelope/role/ultimateReceiver'],
  noneTarget: 'http://www.w3.org/2003/05/soap-envelope/role/none',
  mustUnderstandValue: 'true',
  hasRelay: true,
  allowsTrailingElements: false,
  encodingStyleOnBody: false,
  faultCodes: {
    versionMismatch: 'VersionMismatch',
    mustUnderstand: 'MustUnderstand',
    client: 'Sender',
    server: 'Receiver',
    dataEncodingUnknown: 'DataEncodingUnknown',
  },
}

export const soapVersions: readonly SoapVersion[] = [soap11, soap12]

export function soapVersionById(id: SoapVersionId): SoapVersion {
  return id === '1.2' ? soap12 : soap11
}

export function soapVersionForNamespace(namespace: string): SoapVersion | undefined {
  return soapVersions.find((version) => version.envelopeNamespace === namespace)
}

/** The version a Content-Type announces (`text/xml` → 1.1, `application/soap+xml` → 1.2). */
export function soapVersionForMediaType(mediaType: string): SoapVersion | undefined {
  const type = mediaType.split(';')[0]!.trim().toLowerCase()
  return soapVersions.find((version) => version.mediaType === type)
}

/** The Content-Type to send: `text/xml; charset=utf-8`, or 1.2's with `action="…"` when there is one. */
export function soapContentType(version: SoapVersion, action?: string): string {
  const base = `${version.mediaType}; charset=utf-8`
  if (version.actionInHeader || action === undefined) return base
  return `${base}; action="${action.replace(/["\\]/g, (character) => `\\${character}`)}"`
}
