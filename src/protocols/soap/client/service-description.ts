import type { SoapVersionId } from '../soap-version.js'
import type { QName } from '../xml/qname.js'

/**
 * A WSDL digested for calling it: per operation and SOAP version, the
 * SOAPAction and the shape of the input and output messages, with every
 * parameter's name, namespace and type resolved. Complex types are described
 * once, in `types`, and parameters of such a type refer to them by `typeRef`
 * (an index, not an expansion: EWS's thousands of types nest deeply and
 * recursively). Plain JSON, so it is what the WSDL cache keeps: a cached run
 * reads this instead of parsing XML; linkService then gives every parameter
 * with a `typeRef` its `children` in memory.
 */
export interface ServiceDescription {
  readonly name?: string | undefined
  readonly targetNamespace: string
  readonly documentation?: string | undefined
  /** Per SOAP version, the address of the first port with a binding of that version. */
  readonly endpoints: Partial<Record<SoapVersionId, string>>
  readonly operations: readonly OperationDescription[]
  /** Complex types' fields by typeRef (`{namespace}Name`, or `{namespace}Name element` for a global element's own type). */
  readonly types?: Readonly<Record<string, TypeDescription>> | undefined
  /** What the WSDL lacks that stops some operations (each also in the operation's `problem`), for a warning. */
  readonly warnings?: readonly string[] | undefined
}

export interface TypeDescription {
  readonly fields: readonly ParameterDescription[]
  readonly open?: boolean | undefined
}

export interface OperationDescription {
  readonly name: string
  readonly documentation?: string | undefined
  /** Why the operation cannot be called (a definition it refers to is missing); the others still can. */
  readonly problem?: string | undefined
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
  /**
   * Message parts the binding puts in the Header (`soap:header`): each a
   * header entry, filled by name like the parameters, sent only when given.
   */
  readonly headers?: readonly ParameterDescription[] | undefined
  /** `use="encoded"`: the soap:body's encodingStyle; parameters then carry xsi:type. */
  readonly encodingStyle?: string | undefined
}

export interface ParameterDescription {
  readonly name: string
  /** The element's namespace ('' for an unqualified one). */
  readonly namespace: string
  /** The type as a person reads it: `string`, `int`, `Item`, … */
  readonly type: string
  /** An attribute's schema default, written when the attribute is not given (as zeep does). */
  readonly default?: string | undefined
  /** One of the members of a choice that needs one of them (each optional alone). */
  readonly requiredChoice?: boolean | undefined
  /** An attribute of the parent element rather than a child element (filled by name all the same). */
  readonly attribute?: boolean | undefined
  /** The declared type, `{namespace}local` (for xsi:type in an encoded message). */
  readonly xsdType?: string | undefined
  /** A complex type described in ServiceDescription.types: the key of its fields there. */
  readonly typeRef?: string | undefined
  /** A SOAP-encoded array: the item type, `{namespace}local`. */
  readonly arrayOf?: string | undefined
  /** The XML Schema built-in type a simple value reduces to (`int`, `decimal`, `boolean`, …). */
  readonly base?: string | undefined
  readonly minOccurs: number
  readonly maxOccurs: number | 'unbounded'
  readonly nillable?: boolean | undefined
  readonly enumeration?: readonly string[] | undefined
  /**
   * The children of a complex value: inline for an anonymous type; for a
   * `typeRef`, linked in memory to the shared entry (linkService), not in JSON.
   */
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

/**
 * Gives every parameter with a `typeRef` its type's `children` (and `open`)
 * as non-enumerable properties pointing at the shared entry in `types`, so
 * code that walks parameters follows them as if expanded while the JSON (the
 * cache, `soap ops -o json`) keeps the index. Idempotent; returns the service.
 */
export function linkService<T extends ServiceDescription>(service: T): T {
  const types = service.types ?? {}
  const link = (parameters: readonly ParameterDescription[] | undefined) => {
    for (const parameter of parameters ?? []) {
      if (parameter.typeRef !== undefined) {
        if (Object.hasOwn(parameter, 'children')) continue
        const type = types[parameter.typeRef] ?? { fields: [], open: true }
        Object.defineProperty(parameter, 'children', { value: type.fields, enumerable: false })
        if (type.open) Object.defineProperty(parameter, 'open', { value: true, enumerable: false })
      } else link(parameter.children)
    }
  }
  for (const type of Object.values(types)) link(type.fields)
  for (const operation of service.operations) {
    for (const bound of Object.values(operation.bindings)) {
      for (const shape of [bound?.input, bound?.output]) {
        link(shape?.parameters)
        link(shape?.headers)
      }
    }
  }
  return service
}
