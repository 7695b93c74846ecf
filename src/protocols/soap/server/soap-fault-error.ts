import type { FieldProblem } from '../../../server/kit/store-error.js'
import type { FaultKind } from '../soap-version.js'
import type { QName } from '../xml/qname.js'
import type { XmlElement } from '../xml/xml-element.js'

export interface SoapFaultDetails {
  /** The `code` in the `tns:ItemFault` detail, e.g. NOT_FOUND; no detail when absent. */
  code?: string
  problems?: readonly FieldProblem[]
  /** 1.2 Subcode (e.g. wsse:FailedAuthentication). */
  subcode?: QName
  /** Header blocks the fault envelope carries (1.2 NotUnderstood, Upgrade). */
  headers?: readonly XmlElement[]
  /** faultactor (1.1) / Role and Node (1.2). */
  actor?: string
  /**
   * The fault is about a header block (e.g. wsse:Security), not the Body:
   * SOAP 1.1 (§4.4) forbids its information in `detail` and puts it in a
   * header entry, so the `tns:ItemFault` goes there in 1.1 (1.2 allows a Detail).
   */
  aboutHeader?: boolean
  /** HTTP headers to send with the fault (e.g. Retry-After). */
  httpHeaders?: Readonly<Record<string, string>>
}

/**
 * A fault the SOAP handler answers with, thrown anywhere while processing a
 * message: which standard code (named per version when written), the
 * faultstring/Reason, and what goes into the detail.
 */
export class SoapFaultError extends Error {
  readonly kind: FaultKind
  readonly details: SoapFaultDetails

  constructor(kind: FaultKind, reason: string, details: SoapFaultDetails = {}) {
    super(reason)
    this.name = 'SoapFaultError'
    this.kind = kind
    this.details = details
  }

  /** A Client (1.2: Sender) fault with an ItemFault detail. */
  static client(code: string, reason: string, details: Omit<SoapFaultDetails, 'code'> = {}): SoapFaultError {
    return new SoapFaultError('client', reason, { ...details, code })
  }
}
