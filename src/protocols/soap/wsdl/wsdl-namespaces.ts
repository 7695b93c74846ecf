/** The namespaces of a WSDL 1.1 document. */
export const wsdlNamespace = 'http://schemas.xmlsoap.org/wsdl/'
export { xsdNamespace } from '../xml/qname.js'
