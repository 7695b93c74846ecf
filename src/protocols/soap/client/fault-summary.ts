import { detailElements, type SoapFault } from '../fault.js'
import { elementValue, emptyRecord, type SoapRecord, type SoapValue } from '../message-values.js'
import type { SoapVersion, SoapVersionId } from '../soap-version.js'
import { clark, type QName } from '../xml/qname.js'
import { isElement } from '../xml/xml-element.js'

/** A fault as plain JSON, the same for 1.1 and 1.2: what `-o json` prints and the library returns. */
export interface FaultSummary {
  /** `Client`, `Server`, `Sender`, `Receiver`, `VersionMismatch`, … (`{ns}local` outside the envelope namespace). */
  code: string
  /** faultstring (1.1) or the Reason text (1.2). */
  string: string
  /** faultactor (1.1) or Role (1.2); null when absent. */
  actor: string | null
  /** The detail's elements by name (their text when they hold no elements); null when there is no detail. */
  detail: SoapValue
  /** 1.2 Subcode values, outermost first. */
  subcodes?: string[]
  /** 1.2 Node. */
  node?: string
  version: SoapVersionId
}

export function faultCodeName(code: QName, version: SoapVersion): string {
  return code.namespace === version.envelopeNamespace || code.namespace === '' ? code.local : clark(code)
}

function detailValue(fault: SoapFault): SoapValue {
  if (fault.detail === undefined) return null
  const elements = detailElements(fault)
  if (elements.length === 0) {
    const text = fault.detail
      .filter((node) => typeof node === 'string')
      .join('')
      .trim()
    return text === '' ? null : text
  }
  const record: SoapRecord = emptyRecord()
  for (const node of fault.detail.filter(isElement)) {
    const value = elementValue(node)
    const existing = record[node.name.local]
    if (existing === undefined) record[node.name.local] = value
    else record[node.name.local] = Array.isArray(existing) ? [...existing, value] : [existing, value]
  }
  return record
}

export function faultSummary(fault: SoapFault, version: SoapVersion): FaultSummary {
  const summary: FaultSummary = {
    code: faultCodeName(fault.code, version),
    string: fault.reason,
    actor: fault.actor ?? null,
    detail: detailValue(fault),
    version: version.id,
  }
  if (fault.subcodes.length > 0) summary.subcodes = fault.subcodes.map((code) => faultCodeName(code, version))
  if (fault.node !== undefined) summary.node = fault.node
  return summary
}

/** `{urn:x}NOT_FOUND` → `NOT_FOUND`: a person reads the local name. */
function localName(code: string): string {
  return code.startsWith('{') ? code.slice(code.indexOf('}') + 1) : code
}

/**
 * The fault in one sentence, as the first line of the CLI's fault block:
 * `SOAP fault (Client): item "9" does not exist`, SOAP 1.2 subcodes after
 * the code (`Sender › NOT_FOUND`). Plain text, for the library's `error.message`.
 */
export function faultHeadline(fault: Pick<FaultSummary, 'code' | 'subcodes' | 'string'>): string {
  const codes = [fault.code, ...(fault.subcodes ?? [])].map(localName).join(' › ')
  const reason = fault.string.trim() === '' ? '(the fault gives no reason)' : fault.string.trim()
  return `SOAP fault (${codes}): ${reason}`
}
