import type { SoapVersionId } from '../soap-version.js'
import type { QName } from '../xml/qname.js'

/**
 * A WSDL digested for calling it: per operation and SOAP version, the
 * SOAPAction and the shape of the input and output messages, with every
 * parameter's name, namespace and type resolved. Plain JSON, so it is what
 * the WSDL cache keeps: a cached run reads this instead of parsing XML.
 */
export interface ServiceDescription {
  readonly name?: string | undefined
  readonly targetNamespace: string
  readonly documentation?: string | undefined
  /** Per SOAP version, the address of the first port with a binding of that version. */
  readonly endpoints: Partial<Record<SoapVersionId, string>>
  readonly operations: readonly OperationDescription[]
}

export interface OperationDescription {
  readonly name: string
  readonly documentation?: string | undefined
  /** The operation as each SOAP version's binding declares it. */
  readonly bindings: Partial<Record<SoapVersionId, BoundOperation>>
}

export interface BoundOperation {
  /** The binding's soapAction; absent when it declares none. */
  readonly action?: string | undefined
  readonly style: 'document' | 'rpc'
  readonly input: MessageShape
  readonly output?: MessageShape | undefined
}

export interface MessageShape {
  /**
   * The Body's element that holds the parameters (document/literal wrapped,
   * or rpc's operation wrapper). Absent for document/literal bare: then the
   * parameters are the Body's elements themselves.
   */
  readonly element?: QName | undefined
  readonly parameters: readonly ParameterDescription[]
  /** Elements the schema does not name are allowed too (xs:any, or a schema that could not be found). */
  readonly open?: boolean | undefined
}

export interface ParameterDescription {
  readonly name: string
  /** The element's namespace ('' for an unqualified one). */
  readonly namespace: string
  /** The type as a person reads it: `string`, `int`, `Item`, … */
  readonly type: string
  /** The XML Schema built-in type a simple value reduces to (`int`, `decimal`, `boolean`, …). */
  readonly base?: string | undefined
  readonly minOccurs: number
  readonly maxOccurs: number | 'unbounded'
  readonly nillable?: boolean | undefined
  readonly enumeration?: readonly string[] | undefined
  /** The children of a complex value. */
  readonly children?: readonly ParameterDescription[] | undefined
  readonly open?: boolean | undefined
  readonly documentation?: string | undefined
}

export function isRepeated(parameter: ParameterDescription): boolean {
  return parameter.maxOccurs === 'unbounded' || parameter.maxOccurs > 1
}

/** The operation's binding for a version, else for the other one (same messages, as a fallback for shapes). */
export function boundOperation(
  operation: OperationDescription,
  version: SoapVersionId,
): BoundOperation | undefined {
  return operation.bindings[version] ?? operation.bindings[version === '1.1' ? '1.2' : '1.1']
}

/** Versions the description has a binding for, 1.1 first. */
export function serviceVersions(service: ServiceDescription): SoapVersionId[] {
  const versions = new Set<SoapVersionId>()
  for (const operation of service.operations) {
    for (const version of ['1.1', '1.2'] as const) if (operation.bindings[version]) versions.add(version)
  }
  return (['1.1', '1.2'] as const).filter((version) => versions.has(version))
}
