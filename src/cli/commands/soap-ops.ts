import { type Context, colourEnabled } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import { operationViews } from '../../exchange/soap/operation-views.js'
import type { SoapOptionValues } from '../../options/soap-options.js'
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
import { terminalColumns } from '../../render/output-width.js'
import { withSoapService } from './with-soap-service.js'

/** `apictl soap ops`: the WSDL's operations with their input and output elements and parameter types. */
export async function runSoapOps(raw: SoapOptionValues, ctx: Context): Promise<number> {
  const output = raw.output
  if (output !== undefined && output !== 'pretty' && output !== 'json') {
    throw new UsageError(
      `soap ops prints its list (the default) or JSON; -o ${output} does not apply to it.`,
      {
        hint: 'Use -o json for a description of the operations a script can read, or leave -o out.',
      },
    )
  }
  return withSoapService(raw, ctx, async (service, common, options) => {
    const loaded = await service.discover(options.endpoint, { verbose: common.verbose })
    if (loaded === undefined) {
      throw new UsageError(
        'soap ops needs a WSDL, and there is none: no --wsdl, and the profile has no wsdl URL and no soap URL to ask for one.',
        {
          hint: 'Give --wsdl URL|FILE, or add one to the profile: apictl profile add NAME --wsdl URL.',
        },
      )
    }
    const chosen = options.soap
    if (chosen !== undefined && !serviceVersions(loaded.service).includes(chosen)) {
      throw new UsageError(`The WSDL has no SOAP ${chosen} binding, so no operation to list for it.`, {
        where: loaded.location,
        hint: `Its operations are bound for SOAP ${serviceVersions(loaded.service).join(' and ') || '(none)'}; leave --soap out to list them.`,
      })
    }
    const colour = colourEnabled(ctx.stdout, ctx.env, common.colour)
    if (output === 'json') {
      const builtin = service.builtinWsdl ? `profile ${service.target.current.profileName}` : undefined
      ctx.stdout.write(`${formatJson(operationsJson(loaded.service, chosen, builtin), { colour })}\n`)
    } else {
      const where = service.builtinWsdl
        ? `the built-in reference server (profile ${service.target.current.profileName})`
        : undefined
      ctx.stdout.write(
        `${formatSoapOperations(serviceView(loaded, where, chosen), {
          colour,
          columns: terminalColumns(ctx.stdout),
        })}\n`,
      )
    }
    return 0
  })
}

/** `builtin`: where the built-in server's WSDL came from (its addresses change every run, so they are not shown). */
function serviceView(loaded: LoadedService, builtin: string | undefined, chosen: SoapVersionId | undefined) {
  const { service } = loaded
  const versions = chosen === undefined ? serviceVersions(service) : [chosen]
  const heading = [`${service.name ?? 'SOAP service'}  ${service.targetNamespace}`]
  if (builtin !== undefined) heading.push(`SOAP ${versions.join(' and ')} at ${builtin}`)
  else {
    for (const version of versions) {
      heading.push(`SOAP ${version}: ${service.endpoints[version] ?? '(no address in the WSDL)'}`)
    }
    heading.push(`WSDL ${loaded.location}`)
  }
  const operations = operationViews(service, chosen)
  return { heading, operations }
}

/**
 * A parameter as JSON. A complex type described once in the WSDL's index is
 * named by `typeRef`, its fields listed once under the output's `types`
 * (`used` collects the ones met); an anonymous type's fields are inline.
 */
function parameterJson(parameter: ParameterDescription, used: Set<string>): Record<string, unknown> {
  const json: Record<string, unknown> = {
    name: parameter.name,
    type: parameter.type,
    required: parameter.minOccurs > 0,
    repeated: isRepeated(parameter),
  }
  if (parameter.namespace !== '') json.namespace = parameter.namespace
  if (parameter.attribute) json.attribute = true
  if (parameter.requiredChoice) json.choice = 'one of these is required'
  if (parameter.nillable) json.nillable = true
  if (parameter.enumeration) json.enumeration = parameter.enumeration
  if (parameter.documentation) json.documentation = parameter.documentation
  if (parameter.typeRef !== undefined) {
    json.typeRef = parameter.typeRef
    used.add(parameter.typeRef)
  } else if (parameter.children) json.fields = parameter.children.map((child) => parameterJson(child, used))
  return json
}

function messageJson(shape: MessageShape | undefined, used: Set<string>) {
  if (shape === undefined) return null
  return {
    element: shape.element === undefined ? null : shape.element.local,
    namespace: shape.element?.namespace ?? null,
    parameters: shape.parameters.map((parameter) => parameterJson(parameter, used)),
    ...(shape.headers === undefined
      ? {}
      : { headers: shape.headers.map((parameter) => parameterJson(parameter, used)) }),
    ...(shape.encodingStyle === undefined ? {} : { encodingStyle: shape.encodingStyle }),
  }
}

/** The types the listed operations refer to, and those their fields refer to, each once. */
function typesJson(service: ServiceDescription, used: Set<string>) {
  const types: Record<string, unknown> = {}
  for (const key of used) {
    const type = service.types?.[key]
    if (type === undefined || Object.hasOwn(types, key)) continue
    // Fields found here add to `used` while it is being walked, so nested types come too.
    types[key] = {
      fields: type.fields.map((field) => parameterJson(field, used)),
      ...(type.open ? { open: true } : {}),
    }
  }
  return types
}

/**
 * `-o json`: every operation with its actions per version and its messages
 * (as the 1.1 binding has them, else the 1.2 one). With `--soap V`: only V's
 * endpoint and the operations V's binding has, with its messages. For the built-in
 * server the endpoints are null (its port changes every run).
 */
function operationsJson(service: ServiceDescription, chosen: SoapVersionId | undefined, builtin?: string) {
  const version = chosen ?? '1.1'
  const versions = chosen === undefined ? serviceVersions(service) : [chosen]
  // The built-in server listens on a new port each run: the cached WSDL's addresses are stale, so none is given.
  const endpoints = Object.fromEntries(
    versions.map((id) => [id, builtin === undefined ? (service.endpoints[id] ?? null) : null]),
  )
  const operations = service.operations.filter(
    (operation) => chosen === undefined || operation.bindings[chosen] !== undefined,
  )
  const used = new Set<string>()
  return {
    service: service.name ?? null,
    targetNamespace: service.targetNamespace,
    ...(chosen === undefined ? {} : { version: chosen }),
    endpoints,
    ...(builtin === undefined
      ? {}
      : { builtin: `the built-in reference server (${builtin}); its address changes every run` }),
    operations: operations.map((operation) => {
      const bound = boundOperation(operation, version)!
      return {
        name: operation.name,
        ...(operation.problem === undefined ? {} : { problem: operation.problem }),
        documentation: operation.documentation ?? null,
        versions: (['1.1', '1.2'] as const).filter((id) => operation.bindings[id] !== undefined),
        action: Object.fromEntries(
          (['1.1', '1.2'] as const).flatMap((id) =>
            operation.bindings[id] ? [[id, operation.bindings[id]!.action ?? null]] : [],
          ),
        ),
        style: bound.style,
        input: messageJson(bound.input, used),
        output: messageJson(bound.output, used),
      }
    }),
    types: typesJson(service, used),
  }
}
