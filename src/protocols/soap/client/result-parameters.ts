import type { SoapVersionId } from '../soap-version.js'
import { type QName, sameName } from '../xml/qname.js'
import { boundOperation, type ParameterDescription, type ServiceDescription } from './service-description.js'

/**
 * The described children of a response element, for typing its values:
 * the operation's output when it names this element, else any operation's
 * output that does (a ready envelope sent with `soap send`).
 */
export function resultParameters(
  service: ServiceDescription | undefined,
  version: SoapVersionId,
  element: QName,
  operationName?: string,
): readonly ParameterDescription[] | undefined {
  if (service === undefined) return undefined
  const candidates = service.operations.filter(
    (operation) => operationName === undefined || operation.name === operationName,
  )
  for (const operation of candidates) {
    const output = boundOperation(operation, version)?.output
    if (output?.element !== undefined && sameName(output.element, element)) return output.parameters
    if (output?.element === undefined) {
      const bare = output?.parameters.find((parameter) => parameter.name === element.local)
      // A bare element's own value: its children, or its text (read as `#text`).
      if (bare !== undefined) return bare.children ?? [{ ...bare, name: '#text' }]
    }
  }
  return undefined
}
