import { signature } from '../../protocols/soap/client/check-parameters.js'
import {
  boundOperation,
  type MessageShape,
  type ServiceDescription,
  serviceVersions,
} from '../../protocols/soap/client/service-description.js'
import type { SoapVersionId } from '../../protocols/soap/soap-version.js'
import type { OperationView } from '../../render/format-soap-operations.js'

/**
 * The rows `soap ops` and the REPL's `.ops` show: each operation's input and
 * output, and which SOAP versions bind it. With a version (`soap ops --soap
 * 1.2`), only the operations that version's binding has, each with its
 * SOAPAction.
 */
export function operationViews(service: ServiceDescription, version?: SoapVersionId): OperationView[] {
  const versions = serviceVersions(service)
  if (version !== undefined) {
    return service.operations.flatMap((operation) => {
      const bound = operation.bindings[version]
      if (bound === undefined) return []
      return [
        {
          name: operation.name,
          input: messageText(bound.input),
          header: headerText(bound.input),
          output: bound.output === undefined ? undefined : messageText(bound.output),
          action: bound.action === undefined ? '(none declared)' : JSON.stringify(bound.action),
          problem: operation.problem,
        },
      ]
    })
  }
  return service.operations.map((operation) => {
    const bound = boundOperation(operation, versions[0] ?? '1.1')!
    const only = (['1.1', '1.2'] as const).filter((id) => operation.bindings[id] !== undefined)
    return {
      name: operation.name,
      input: messageText(bound.input),
      header: headerText(bound.input),
      output: bound.output === undefined ? undefined : messageText(bound.output),
      problem: operation.problem,
      note: versions.length > 1 && only.length === 1 ? `SOAP ${only[0]} only` : undefined,
    }
  })
}

/** `GetItem(id: string)`; for document/literal bare, the Body's elements themselves (`Id: string`). */
function messageText(shape: MessageShape): string {
  const parameters = [...shape.parameters.map(signature), ...(shape.open ? ['…'] : [])].join(', ')
  return shape.element === undefined ? parameters : `${shape.element.local}(${parameters})`
}

/** The header entries a message takes (`RequestVersion?: RequestServerVersion`), or undefined. */
function headerText(shape: MessageShape): string | undefined {
  return shape.headers === undefined || shape.headers.length === 0
    ? undefined
    : shape.headers.map(signature).join(', ')
}
