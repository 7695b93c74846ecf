import type { QName } from '../xml/qname.js'

/** The reference server's SOAP service: names that the WSDL, the handler and the tests share. */
export const itemsNamespace = 'urn:apictl:items'
export const serviceName = 'ItemService'
export const portTypeName = 'ItemsPortType'

export function tns(local: string): QName {
  return { namespace: itemsNamespace, local }
}

/** The SOAPAction of an operation, declared in both bindings: `urn:apictl:items#GetItem`. */
export function soapActionFor(operation: string): string {
  return `${itemsNamespace}#${operation}`
}
