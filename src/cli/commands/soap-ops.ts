import { type Context, colourEnabled } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import type { LoadedService } from '../../protocols/soap/client/load-service.js'
import {
  boundOperation,
  isRepeated,
  type MessageShape,
  type ParameterDescription,
  type ServiceDescription,
  serviceVersions,
} from '../../protocols/soap/client/service-description.js'
import type { SoapVersionId } from '../../protocols/soap/soap-version.js'
import { formatJson } from '../../render/format-json.js'
import { formatSoapOperations } from '../../render/format-soap-operations.js'
import { operationViews } from '../soap-operation-views.js'
import { openSoapSession } from './soap-session.js'

/** `apictl soap ops`: the WSDL's operations with their input and output elements and parameter types. */
export async function runSoapOps(raw: Record<string, unknown>, ctx: Context): Promise<number> {
  const session = await openSoapSession(raw, ctx)
  try {
    const loaded = await session.service()
    if (loaded === undefined) {
      throw new UsageError(
        'soap ops needs a WSDL, and there is none: no --wsdl and the profile has no wsdl URL.',
        {
          hint: 'Give --wsdl URL|FILE, or add one to the profile: apictl profile add NAME --wsdl URL.',
        },
      )
    }
    const version = (session.options.soap as SoapVersionId | undefined) ?? '1.1'
    const colour = colourEnabled(ctx.stdout, ctx.env, session.common.colour)
    if (session.common.output === 'json') {
      ctx.stdout.write(`${formatJson(operationsJson(loaded.service, version), { colour })}\n`)
    } else {
      const where = session.builtinWsdl
        ? `the built-in reference server (profile ${session.profileName})`
        : undefined
      ctx.stdout.write(`${formatSoapOperations(serviceView(loaded, where), { colour })}\n`)
    }
    return 0
  } finally {
    await session.close()
  }
}

/** `builtin`: where the built-in server's WSDL came from (its addresses change every run, so they are not shown). */
function serviceView(loaded: LoadedService, builtin: string | undefined) {
  const { service } = loaded
  const versions = serviceVersions(service)
  const heading = [`${service.name ?? 'SOAP service'}  ${service.targetNamespace}`]
  if (builtin !== undefined) heading.push(`SOAP ${versions.join(' and ')} at ${builtin}`)
  else {
    for (const version of versions) {
      heading.push(`SOAP ${version}: ${service.endpoints[version] ?? '(no address in the WSDL)'}`)
    }
    heading.push(`WSDL ${loaded.location}`)
  }
  const operations = operationViews(service)
  return { heading, operations }
}

function parameterJson(parameter: ParameterDescription): Record<string, unknown> {
  const json: Record<string, unknown> = {
    name: parameter.name,
    type: parameter.type,
    required: parameter.minOccurs > 0,
    repeated: isRepeated(parameter),
  }
  if (parameter.namespace !== '') json.namespace = parameter.namespace
  if (parameter.nillable) json.nillable = true
  if (parameter.enumeration) json.enumeration = parameter.enumeration
  if (parameter.documentation) json.documentation = parameter.documentation
  if (parameter.children) json.fields = parameter.children.map(parameterJson)
  return json
}

function messageJson(shape: MessageShape | undefined) {
  if (shape === undefined) return null
  return {
    element: shape.element === undefined ? null : shape.element.local,
    namespace: shape.element?.namespace ?? null,
    parameters: shape.parameters.map(parameterJson),
  }
}

/** `-o json`: every operation with its actions per version and its messages. */
function operationsJson(service: ServiceDescription, version: SoapVersionId) {
  return {
    service: service.name ?? null,
    targetNamespace: service.targetNamespace,
    endpoints: service.endpoints,
    operations: service.operations.map((operation) => {
      const bound = boundOperation(operation, version)!
      return {
        name: operation.name,
        documentation: operation.documentation ?? null,
        versions: (['1.1', '1.2'] as const).filter((id) => operation.bindings[id] !== undefined),
        action: Object.fromEntries(
          (['1.1', '1.2'] as const).flatMap((id) =>
            operation.bindings[id] ? [[id, operation.bindings[id]!.action ?? null]] : [],
          ),
        ),
        style: bound.style,
        input: messageJson(bound.input),
        output: messageJson(bound.output),
      }
    }),
  }
}
