import { type Envelope, EnvelopeError, type HeaderBlock } from './envelope.js'
import { isFault, parseFault, type SoapFault } from './fault.js'
import {
  elementValue,
  operationValues,
  type SoapEntries,
  type SoapRecord,
  valuesToElements,
} from './message-values.js'
import type { SoapVersion } from './soap-version.js'
import type { QName } from './xml/qname.js'
import { element } from './xml/xml-element.js'

/** A call as data: the operation element, its parameters, and header blocks. */
export interface CallMessage {
  version: SoapVersion
  /** The Body's element, e.g. `{urn:apictl:items}GetItem`. */
  operation: QName
  parameters?: SoapEntries
  /** The namespace of the parameter elements: default the operation's; '' for unqualified children. */
  parameterNamespace?: string
  headers?: readonly HeaderBlock[]
  encodingStyle?: string
}

/** The envelope for a call (document/literal wrapped, or rpc/literal: the same shape on the wire). */
export function buildCallEnvelope(call: CallMessage): Envelope {
  const namespace = call.parameterNamespace ?? call.operation.namespace
  const children = valuesToElements(call.parameters ?? [], namespace)
  return {
    version: call.version,
    headers: call.headers ?? [],
    body: [element(call.operation, children, [], 'tns')],
    encodingStyle: call.encodingStyle,
  }
}

export type SoapReply =
  | { kind: 'result'; operation: QName; values: SoapRecord }
  | { kind: 'fault'; fault: SoapFault }

/**
 * What a response envelope says: the Body's first element as a result
 * (its children as values; a text-only element's text under `#text`), or
 * the fault. EnvelopeError when the Body is empty.
 */
export function readReply(envelope: Envelope): SoapReply {
  const first = envelope.body[0]
  if (first === undefined) throw new EnvelopeError('structure', 'the response Body is empty')
  if (isFault(first, envelope.version)) return { kind: 'fault', fault: parseFault(first, envelope.version) }
  return { kind: 'result', operation: first.name, values: operationValues(elementValue(first)) }
}
