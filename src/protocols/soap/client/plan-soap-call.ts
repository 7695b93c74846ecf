import { closestMatches } from '../../../config/did-you-mean.js'
import { UsageError } from '../../../core/errors.js'
import { type SoapVersion, type SoapVersionId, soapVersionById } from '../soap-version.js'
import { element, isElement, type XmlElement } from '../xml/xml-element.js'
import { checkParameterNames, checkXmlName } from './check-names.js'
import { checkParameters } from './check-parameters.js'
import { parameterElements } from './parameter-elements.js'
import { type ParameterAssignment, type ParameterNode, parameterTree } from './parameter-tree.js'
import {
  type BoundOperation,
  boundOperation,
  type OperationDescription,
  type ServiceDescription,
  serviceVersions,
} from './service-description.js'

export interface SoapCallInput {
  operation: string
  /** `PARAM=VALUE` arguments, or a tree already made (the library's values). */
  parameters: readonly ParameterAssignment[] | ParameterNode[]
  /** --soap; else the WSDL's (1.1 when it has a 1.1 binding), else 1.1. */
  version?: SoapVersionId | undefined
  /** --ns: the operation element's namespace, overriding the WSDL's. */
  namespace?: string | undefined
  service?: ServiceDescription | undefined
}

/** A call resolved against the WSDL: the version, the Body's elements, and the WSDL's SOAPAction. */
export interface SoapCallPlan {
  version: SoapVersion
  operation?: OperationDescription | undefined
  bound?: BoundOperation | undefined
  body: XmlElement[]
  /** The SOAPAction the WSDL declares for this operation (undefined without a WSDL or when it declares none). */
  action?: string | undefined
  /** Required parameters not given (dotted paths), for a warning. */
  missing: string[]
}

/** The operation by name; UsageError listing the valid ones (with a did-you-mean) when the WSDL has no such operation. */
export function findOperation(service: ServiceDescription, name: string): OperationDescription {
  const found = service.operations.find((operation) => operation.name === name)
  if (found !== undefined) return found
  const names = service.operations.map((operation) => operation.name)
  const [best] = closestMatches(name, names)
  throw new UsageError(
    `The WSDL has no operation '${name}'.${best === undefined ? '' : ` Did you mean "${best}"?`}`,
    {
      hint: `Operations: ${names.join(', ') || '(none)'}. Nothing was sent; apictl soap ops lists them with their parameters.`,
    },
  )
}

export function defaultVersion(
  service: ServiceDescription | undefined,
  operation?: OperationDescription,
): SoapVersionId {
  if (operation !== undefined)
    return operation.bindings['1.1'] !== undefined || operation.bindings['1.2'] === undefined ? '1.1' : '1.2'
  const versions = service === undefined ? [] : serviceVersions(service)
  return versions.length === 1 ? versions[0]! : '1.1'
}

function isTree(parameters: SoapCallInput['parameters']): parameters is ParameterNode[] {
  return parameters.length > 0 && !('path' in parameters[0]!)
}

/**
 * The same elements with one namespace replaced by another (for --ns over
 * the WSDL's), at every level; only at the top for unqualified ('') ones.
 */
function renamespace(
  elements: readonly XmlElement[],
  from: string,
  to: string,
  deep = from !== '',
): XmlElement[] {
  return elements.map((node) => ({
    ...node,
    name: node.name.namespace === from ? { namespace: to, local: node.name.local } : node.name,
    children: deep
      ? node.children.map((child) =>
          typeof child === 'object' && isElement(child) ? renamespace([child], from, to, deep)[0]! : child,
        )
      : node.children,
  }))
}

/** Pure: the operation looked up, the parameters checked and ordered by the schema, and the Body built. */
export function planSoapCall(input: SoapCallInput): SoapCallPlan {
  const { service } = input
  if (input.namespace === '') {
    throw new UsageError(`The namespace given for ${input.operation} (--ns) is empty.`, {
      hint: "Give the operation element's namespace, e.g. --ns urn:example:orders (library: { namespace }), or leave it out to take the WSDL's. Nothing was sent.",
    })
  }
  const operation = service === undefined ? undefined : findOperation(service, input.operation)
  const version = soapVersionById(input.version ?? defaultVersion(service, operation))
  if (operation === undefined) {
    checkXmlName(input.operation, 'Operation')
    if (input.namespace === undefined) {
      throw new UsageError(`No WSDL and no --ns: the namespace of ${input.operation} is unknown.`, {
        hint: "Give --ns URI (the operation element's namespace) or --wsdl URL|FILE. Nothing was sent.",
      })
    }
    const tree = isTree(input.parameters) ? input.parameters : parameterTree(input.parameters)
    checkParameterNames(tree)
    const name = { namespace: input.namespace, local: input.operation }
    return {
      version,
      body: [element(name, parameterElements(tree, undefined, name.namespace), [], 'tns')],
      missing: [],
    }
  }
  const bound = boundOperation(operation, version.id)!
  const shape = bound.input
  const tree = isTree(input.parameters) ? input.parameters : parameterTree(input.parameters, shape.parameters)
  const { missing } = checkParameters(tree, shape, operation.name)
  checkParameterNames(tree)
  let body = shape.element
    ? [element(shape.element, parameterElements(tree, shape.parameters, shape.element.namespace), [], 'tns')]
    : parameterElements(tree, shape.parameters, service!.targetNamespace)
  const original = shape.element?.namespace ?? service!.targetNamespace
  if (input.namespace !== undefined && input.namespace !== original)
    body = renamespace(body, original, input.namespace)
  return { version, operation, bound, body, action: bound.action, missing }
}
