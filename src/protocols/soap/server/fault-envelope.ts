import type { Envelope } from '../envelope.js'
import { buildFault, makeFault } from '../fault.js'
import { type SoapVersion, soap11, soap12 } from '../soap-version.js'
import { attribute, element, type XmlElement } from '../xml/xml-element.js'
import { itemFaultElement } from './item-elements.js'
import { tns } from './item-service.js'
import type { SoapFaultError } from './soap-fault-error.js'

/**
 * The envelope answering a fault in the request's version: the code named as
 * that version names it, a `tns:ItemFault` with the fault's code in the
 * detail (for a fault about a header block in SOAP 1.1, which keeps header
 * problems out of the detail: in a header entry instead), and for 1.2 the
 * detail code as a Subcode unless a more specific one is given.
 */
export function faultEnvelope(error: SoapFaultError, version: SoapVersion): Envelope {
  const { details } = error
  const itemFault =
    details.code === undefined
      ? undefined
      : itemFaultElement(details.code, error.message, details.problems ?? [])
  const inHeader = itemFault !== undefined && details.aboutHeader === true && version.id === '1.1'
  const detail = itemFault === undefined || inHeader ? undefined : [itemFault]
  const headers = [...(details.headers ?? []), ...(inHeader ? [itemFault] : [])]
  const subcode = details.subcode ?? (details.code === undefined ? undefined : tns(details.code))
  const fault = makeFault(version, error.kind, error.message, {
    subcodes: version.id === '1.2' && subcode !== undefined ? [subcode] : [],
    ...(details.actor === undefined ? {} : { actor: details.actor }),
    ...(details.actor !== undefined && version.id === '1.2' ? { node: details.actor } : {}),
    ...(detail === undefined ? {} : { detail }),
  })
  return {
    version,
    headers: headers.map((block) => ({ element: block })),
    body: [buildFault(fault, version)],
  }
}

/** SOAP 1.2's Upgrade header block (also sent with 1.1 VersionMismatch faults, per SOAP 1.2 appendix A). */
export function upgradeHeader(): XmlElement {
  const name = (local: string) => ({ namespace: soap12.envelopeNamespace, local })
  const supported = (namespace: string) =>
    element(
      name('SupportedEnvelope'),
      [],
      [attribute({ namespace: '', local: 'qname' }, { qname: { namespace, local: 'Envelope' } })],
    )
  return element(
    name('Upgrade'),
    [supported(soap12.envelopeNamespace), supported(soap11.envelopeNamespace)],
    [],
    'soap12',
  )
}
