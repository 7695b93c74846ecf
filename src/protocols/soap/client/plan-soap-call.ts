import { closestMatches } from '../../../config/did-you-mean.js'
import { UsageError } from '../../../core/errors.js'
import type { HeaderBlock } from '../envelope.js'
import { type SoapVersion, type SoapVersionId, soapVersionById } from '../soap-version.js'
import { attribute, element, isElement, type XmlElement } from '../xml/xml-element.js'
import { checkParameterNames, checkXmlName } from './check-names.js'
import { checkParameters } from './check-parameters.js'
import { parameterAttributes, parameterElements } from './parameter-elements.js'
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
  /** Header entries for the WSDL's header parts that were given (`soap:header`), before any other header. */
  headers: HeaderBlock[]
  /** The SOAPAction the WSDL declares for this operation (undefined without a WSDL or when it declares none). */
  action?: string | undefined
  /** Required parameters not given (dotted paths), for a warning. */
  missing: string[]
  /** Required elements with only optional fields, not given and so sent empty (dotted paths), for a note. */
  emptied: string[]
}

/** The operation by name; UsageError listing the valid ones (with a did-you-mean) when the WSDL has no such operation. */
export function findOperation(service: ServiceDescription, name: string): OperationDescription {
  const found = service.operations.find((operation) => operation.name === name)
  if (found?.problem !== undefined) {
    throw new UsageError(`${name} cannot be called: ${found.problem}.`, {
      hint: 'The WSDL lacks a definition this operation needs (the others can be called): fix the WSDL, or use a corrected copy (--wsdl FILE). Nothing was sent.',
    })
  }
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
      headers: [],
      missing: [],
      emptied: [],
    }
  }
  const bound = boundOperation(operation, version.id)!
  const shape = bound.input
  const headerParts = shape.headers ?? []
  const tree = isTree(input.parameters)
    ? input.parameters
    : parameterTree(input.parameters, [...shape.parameters, ...headerParts])
  // A name the Body does not have but a header part does fills that header entry.
  const isHeader = (node: ParameterNode) =>
    headerParts.some((part) => part.name === node.name) &&
    !shape.parameters.some((parameter) => parameter.name === node.name)
  const headerNodes = tree.filter(isHeader)
  const bodyNodes = tree.filter((node) => !isHeader(node))
  const { missing, emptied } = checkParameters(bodyNodes, shape, operation.name)
  checkParameters(headerNodes, { parameters: headerParts }, operation.name)
  checkParameterNames(tree)
  const encoded = shape.encodingStyle !== undefined
  const elements = (namespace: string) => parameterElements(bodyNodes, shape.parameters, namespace, encoded)
  let body = shape.element
    ? [
        element(
          shape.element,
          elements(shape.element.namespace),
          [
            ...parameterAttributes(bodyNodes, shape.parameters),
            ...encodingStyle(version, shape.encodingStyle),
          ],
          'tns',
        ),
      ]
    : elements(service!.targetNamespace)
  const original = shape.element?.namespace ?? service!.targetNamespace
  if (input.namespace !== undefined && input.namespace !== original)
    body = renamespace(body, original, input.namespace)
  const headers = parameterElements(headerNodes, headerParts, service!.targetNamespace, encoded).map(
    (entry): HeaderBlock => ({ element: entry }),
  )
  return { version, operation, bound, body, headers, action: bound.action, missing, emptied }
}

/** `soap:encodingStyle` on the operation element of an encoded message. */
function encodingStyle(version: SoapVersion, style: string | undefined) {
  if (style === undefined) return []
  return [attribute({ namespace: version.envelopeNamespace, local: 'encodingStyle' }, style, version.prefix)]
}
