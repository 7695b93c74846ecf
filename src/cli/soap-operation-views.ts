import { signature } from '../protocols/soap/client/check-parameters.js'
import {
  boundOperation,
  type MessageShape,
  type ServiceDescription,
  serviceVersions,
} from '../protocols/soap/client/service-description.js'
import type { OperationView } from '../render/format-soap-operations.js'

/** The rows `soap ops` and the REPL's `.ops` show: each operation's input and output, and which SOAP versions bind it. */
export function operationViews(service: ServiceDescription): OperationView[] {
  const versions = serviceVersions(service)
  return service.operations.map((operation) => {
    const bound = boundOperation(operation, versions[0] ?? '1.1')!
    const only = (['1.1', '1.2'] as const).filter((version) => operation.bindings[version] !== undefined)
    return {
      name: operation.name,
      input: messageText(bound.input),
      output: bound.output === undefined ? undefined : messageText(bound.output),
      note: versions.length > 1 && only.length === 1 ? `SOAP ${only[0]} only` : undefined,
    }
  })
}

/** `GetItem(id: string)`; for document/literal bare, the Body's elements themselves (`Id: string`). */
function messageText(shape: MessageShape): string {
  const parameters = [...shape.parameters.map(signature), ...(shape.open ? ['…'] : [])].join(', ')
  return shape.element === undefined ? parameters : `${shape.element.local}(${parameters})`
}
