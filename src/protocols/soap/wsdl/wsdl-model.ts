import type { SoapVersionId } from '../soap-version.js'
import type { QName } from '../xml/qname.js'

/**
 * A WSDL 1.1 description as plain data, shared by both halves: the server
 * writes its `/soap?wsdl` from one (write-wsdl.ts), and a WSDL reader turns
 * any service's WSDL into one for the client (operations, parameters, actions,
 * endpoints). Only what a SOAP client and server need is modelled.
 */
export interface WsdlDocument {
  readonly targetNamespace: string
  readonly name?: string | undefined
  readonly documentation?: string | undefined
  /** The schemas in `wsdl:types` (inline or imported). */
  readonly schemas: readonly XmlSchema[]
  readonly messages: readonly WsdlMessage[]
  readonly portTypes: readonly WsdlPortType[]
  readonly bindings: readonly WsdlBinding[]
  readonly services: readonly WsdlService[]
}

export interface XmlSchema {
  readonly targetNamespace: string
  readonly elementFormDefault: 'qualified' | 'unqualified'
  /** Global elements (what document/literal parts point at). */
  readonly elements: readonly SchemaElement[]
  /** Named complex types. */
  readonly complexTypes: readonly SchemaComplexType[]
  /** `xs:import` / `xs:include` locations, when the schema came from elsewhere. */
  readonly imports?: readonly { namespace?: string | undefined; location?: string | undefined }[] | undefined
}

export interface SchemaElement {
  readonly name: string
  /** A named type: `{http://www.w3.org/2001/XMLSchema}string`, `{tns}Item`, … */
  readonly type?: QName | undefined
  /** An anonymous complex type instead of a named one. */
  readonly complexType?: SchemaComplexType | undefined
  /** Default 1. */
  readonly minOccurs?: number | undefined
  /** Default 1. */
  readonly maxOccurs?: number | 'unbounded' | undefined
  readonly nillable?: boolean | undefined
  readonly documentation?: string | undefined
}

export interface SchemaComplexType {
  /** Absent for an anonymous type. */
  readonly name?: string | undefined
  /** The children, in order (an `xs:sequence`; `xs:all` is read the same way). */
  readonly sequence: readonly SchemaElement[]
  readonly documentation?: string | undefined
}

export interface WsdlMessage {
  readonly name: string
  readonly parts: readonly WsdlPart[]
}

/** A part names a global element (document style) or a type (rpc style). */
export interface WsdlPart {
  readonly name: string
  readonly element?: QName | undefined
  readonly type?: QName | undefined
}

export interface WsdlPortType {
  readonly name: string
  readonly operations: readonly WsdlOperation[]
}

export interface WsdlOperation {
  readonly name: string
  readonly documentation?: string | undefined
  /** Message names. */
  readonly input?: QName | undefined
  readonly output?: QName | undefined
  readonly faults: readonly { readonly name: string; readonly message: QName }[]
}

export interface WsdlBinding {
  readonly name: string
  /** The port type it binds. */
  readonly type: QName
  readonly version: SoapVersionId
  readonly style: 'document' | 'rpc'
  readonly transport: string
  readonly operations: readonly WsdlBindingOperation[]
}

export interface WsdlBindingOperation {
  readonly name: string
  /** `soapAction` (1.1) / `soapAction` on soap12:operation (1.2); absent or '' when none. */
  readonly soapAction?: string | undefined
  /** Overrides the binding's style. */
  readonly style?: 'document' | 'rpc' | undefined
  readonly input: WsdlBodyBinding
  readonly output: WsdlBodyBinding
  readonly faults: readonly { readonly name: string; readonly use: 'literal' | 'encoded' }[]
}

export interface WsdlBodyBinding {
  readonly use: 'literal' | 'encoded'
  /** rpc style: the wrapper element's namespace. */
  readonly namespace?: string | undefined
  readonly encodingStyle?: string | undefined
  readonly parts?: readonly string[] | undefined
  /** `soap:header` / `soap12:header`: parts (of this or another message) sent as header entries. */
  readonly headers?: readonly WsdlHeaderBinding[] | undefined
}

export interface WsdlHeaderBinding {
  readonly message: QName
  readonly part: string
  readonly use: 'literal' | 'encoded'
  readonly namespace?: string | undefined
  readonly encodingStyle?: string | undefined
}

export interface WsdlService {
  readonly name: string
  readonly ports: readonly WsdlPort[]
}

export interface WsdlPort {
  readonly name: string
  readonly binding: QName
  /** `soap:address` / `soap12:address` location. */
  readonly address: string
  readonly version: SoapVersionId
}
