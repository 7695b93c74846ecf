import type { SoapCommandOptions } from '../../cli/commands/soap-command.js'
import type { Profile } from '../../config/profile.js'
import type { Context } from '../../core/context.js'
import { type ApictlError, isApictlError } from '../../core/errors.js'
import type { HttpRequest } from '../../core/exchange.js'
import type { CommonOptions } from '../../core/request-options.js'
import {
  chooseAction,
  soapEnvelopeText,
  soapHttpRequest,
} from '../../protocols/soap/client/build-soap-request.js'
import { headerBlocks } from '../../protocols/soap/client/header-entries.js'
import type { LoadedService } from '../../protocols/soap/client/load-service.js'
import { type ParameterNode, parseAssignment } from '../../protocols/soap/client/parameter-tree.js'
import { planSoapCall, type SoapCallPlan } from '../../protocols/soap/client/plan-soap-call.js'
import { writeWarning } from '../../render/write-warning.js'
import { requestDefaults } from '../request-defaults.js'
import type { SoapSession } from './soap-session.js'

/** A call's envelope, ready to send or print. */
export interface SoapMessage {
  plan: SoapCallPlan
  envelope: string
  loaded: LoadedService | undefined
}

/**
 * Builds the envelope for `soap call` and `soap envelope`: the operation and
 * parameters checked against the WSDL (a cached WSDL that lacks them is read
 * again once before giving up), the Header from --soap-header/--wss, then the
 * codec writes it. Warns about required parameters left out.
 */
export async function buildSoapMessage(
  session: SoapSession,
  operation: string,
  parameters: readonly string[] | ParameterNode[],
  ctx: Context,
): Promise<SoapMessage> {
  const { options } = session
  const assignments =
    parameters.length > 0 && typeof parameters[0] === 'string'
      ? (parameters as string[]).map(parseAssignment)
      : (parameters as ParameterNode[])
  const plan = (loaded: LoadedService | undefined) =>
    planSoapCall({
      operation,
      parameters: structuredClone(assignments),
      version: options.soap,
      namespace: options.ns,
      service: loaded?.service,
    })
  // Without --ns the call needs a WSDL: with none configured, ask the endpoint for its own.
  let loaded = options.ns === undefined ? await session.discoveredService() : await session.service()
  let planned: SoapCallPlan
  try {
    planned = plan(loaded)
  } catch (error) {
    if (session.builtinWsdl || !isStale(error, loaded)) throw error
    loaded = await session.refreshService()
    planned = plan(loaded)
  }
  const operationName = planned.operation?.name
  if (planned.operation !== undefined && planned.operation.bindings[planned.version.id] === undefined) {
    writeWarning(
      ctx.stderr,
      `the WSDL binds ${operationName} for SOAP ${planned.version.id === '1.1' ? '1.2' : '1.1'} only; using that binding's message and action in a SOAP ${planned.version.id} envelope.`,
    )
  }
  if (planned.missing.length > 0) {
    writeWarning(
      ctx.stderr,
      `${operation}: required ${planned.missing.length === 1 ? 'parameter' : 'parameters'} not given: ${planned.missing.join(', ')}.`,
    )
  }
  if ((options.mustUnderstand || options.actor !== undefined) && (options.soapHeader ?? []).length === 0) {
    ctx.stderr.write(
      'warning: --must-understand and --actor apply to --soap-header entries, and there are none.\n',
    )
  }
  const headers = headerBlocks({
    entries: options.soapHeader,
    mustUnderstand: options.mustUnderstand,
    actor: options.actor,
    wss: options.wss,
  })
  const envelope = soapEnvelopeText({
    version: planned.version,
    body: planned.body,
    headers,
    encodingStyle: options.encodingStyle,
  })
  return { plan: planned, envelope, loaded }
}

/** A usage error from a WSDL description read from the cache may only mean the cache is old. */
function isStale(error: unknown, loaded: LoadedService | undefined): error is ApictlError {
  return (
    isApictlError(error) && error.exitCode === 2 && loaded?.fromCache === true && !/--ns/.test(error.message)
  )
}

/**
 * The whole SOAP call up to the HTTP request, shared by `soap call` and the
 * REPL's `soap` lines: the envelope (as buildSoapMessage), the endpoint for
 * the chosen version, the SOAPAction, and the profile's headers and auth.
 */
export async function buildSoapCall(
  session: SoapSession,
  call: {
    operation: string
    parameters: readonly string[] | ParameterNode[]
    options: Pick<SoapCommandOptions, 'action' | 'method'>
  },
  common: CommonOptions,
  profile: Profile,
  ctx: Context,
): Promise<{ message: SoapMessage; url: string; request: HttpRequest }> {
  const message = await buildSoapMessage(session, call.operation, call.parameters, ctx)
  const version = message.plan.version
  const url = await session.endpoint(version.id)
  const defaults = requestDefaults(common, profile)
  const request = soapHttpRequest(
    {
      version,
      url,
      action: chooseAction(version, call.options.action, message.plan.action),
      method: call.options.method,
      headers: defaults.headers,
      unsetHeaders: defaults.unsetHeaders,
      oauth2: defaults.oauth2,
    },
    message.envelope,
  )
  return { message, url, request }
}
