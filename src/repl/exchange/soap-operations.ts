import type { Context } from '../../core/context.js'
import { colourEnabled } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import { signature } from '../../protocols/soap/client/check-parameters.js'
import {
  boundOperation,
  type MessageShape,
  serviceVersions,
} from '../../protocols/soap/client/service-description.js'
import { formatSoapOperations, type OperationView } from '../../render/format-soap-operations.js'
import type { ReplSession } from '../session.js'
import { sessionService } from './soap-service.js'

/** `.ops`: the WSDL's operations with their parameters, as `apictl soap ops` lists them. */
export async function printSoapOperations(session: ReplSession, ctx: Context): Promise<number> {
  const loaded = await sessionService(session, ctx)
  if (loaded === undefined) {
    throw new UsageError(`Profile ${session.profileName} has no WSDL, so its operations are unknown.`, {
      hint: `Add one: apictl profile add ${session.profileName} --wsdl URL, or switch: .profile NAME`,
    })
  }
  const { service } = loaded
  const versions = serviceVersions(service)
  const heading = [`${service.name ?? 'SOAP service'}  ${service.targetNamespace}`]
  heading.push(
    session.target.builtin
      ? `SOAP ${versions.join(' and ')} at ${session.target.soap}`
      : `SOAP ${versions.join(' and ')}; WSDL ${loaded.location}`,
  )
  const operations: OperationView[] = service.operations.map((operation) => {
    const bound = boundOperation(operation, versions[0] ?? '1.1')!
    const only = (['1.1', '1.2'] as const).filter((version) => operation.bindings[version] !== undefined)
    return {
      name: operation.name,
      input: messageText(bound.input),
      output: bound.output === undefined ? undefined : messageText(bound.output),
      note: versions.length > 1 && only.length === 1 ? `SOAP ${only[0]} only` : undefined,
    }
  })
  const colour = colourEnabled(ctx.stdout, ctx.env, undefined)
  ctx.stdout.write(`${formatSoapOperations({ heading, operations }, { colour })}\n`)
  return 0
}

function messageText(shape: MessageShape): string {
  const parameters = [...shape.parameters.map(signature), ...(shape.open ? ['…'] : [])].join(', ')
  return shape.element === undefined ? parameters : `${shape.element.local}(${parameters})`
}
