import { type ApictlError, isApictlError } from '../../core/errors.js'
import type { HttpRequest } from '../../core/exchange.js'
import {
  chooseAction,
  type SoapHttpMethod,
  soapEnvelopeText,
  soapHttpRequest,
} from '../../protocols/soap/client/build-soap-request.js'
import { headerBlocks } from '../../protocols/soap/client/header-entries.js'
import type { LoadedService } from '../../protocols/soap/client/load-service.js'
import {
  type ParameterAssignment,
  type ParameterNode,
  parseAssignment,
  valuesToTree,
} from '../../protocols/soap/client/parameter-tree.js'
import type { SoapCallPlan } from '../../protocols/soap/client/plan-soap-call.js'
import { boundOperation, type ServiceDescription } from '../../protocols/soap/client/service-description.js'
import type { SoapVersion, SoapVersionId } from '../../protocols/soap/soap-version.js'
import { sameName } from '../../protocols/soap/xml/qname.js'
import type { RequestDefaults } from '../request-defaults.js'

/** What a call says about its envelope and its HTTP request (the `apictl soap call` options). */
export interface SoapMessageOptions {
  /** -e: the endpoint, before any other (SPEC §2). */
  endpoint?: string | undefined
  /** --soap: 1.1 or 1.2; default 1.1, or the WSDL's only one. */
  soap?: SoapVersionId | undefined
  /** --ns: the operation element's namespace instead of the WSDL's (needed without a WSDL). */
  ns?: string | undefined
  /** --action VALUE (may be ''), false for none at all; undefined: the WSDL's, else "". */
  action?: string | false | undefined
  /** `{NS}Name=value` Header entries. */
  soapHeader?: readonly string[] | undefined
  mustUnderstand?: boolean | undefined
  actor?: string | undefined
  /** USER:PASS for a WS-Security UsernameToken. */
  wss?: string | undefined
  encodingStyle?: string | undefined
  method?: SoapHttpMethod | undefined
}

/** A call's parameters: `PARAM=VALUE` words, a tree (answered at the prompts), or the library's plain values. */
export type SoapParameters = readonly string[] | ParameterNode[] | Record<string, unknown>

/** The parameters as planSoapCall takes them (a fresh copy each time: planning puts them in schema order). */
export function parameterInput(parameters: SoapParameters): ParameterAssignment[] | ParameterNode[] {
  if (!Array.isArray(parameters)) return valuesToTree(parameters as Record<string, unknown>)
  if (isWords(parameters)) return parameters.map(parseAssignment)
  return structuredClone(parameters as ParameterNode[])
}

function isWords(parameters: readonly unknown[]): parameters is readonly string[] {
  return typeof parameters[0] === 'string'
}

/** Warnings about a call that is still sent: another version's binding used, required parameters left out, header flags with no header. */
export function messageWarnings(
  plan: SoapCallPlan,
  operation: string,
  options: SoapMessageOptions,
): string[] {
  const warnings: string[] = []
  const { version } = plan
  if (plan.operation !== undefined && plan.operation.bindings[version.id] === undefined) {
    warnings.push(
      `warning: the WSDL binds ${plan.operation.name} for SOAP ${version.id === '1.1' ? '1.2' : '1.1'} only; using that binding's message and action in a SOAP ${version.id} envelope.`,
    )
  }
  if (plan.missing.length > 0) {
    warnings.push(
      `warning: ${operation}: required ${plan.missing.length === 1 ? 'parameter' : 'parameters'} not given: ${plan.missing.join(', ')}.`,
    )
  }
  if (plan.emptied.length > 0) {
    const one = plan.emptied.length === 1
    warnings.push(
      `note: ${operation}: ${plan.emptied.join(', ')} ${one ? 'is' : 'are'} required and ${one ? 'needs' : 'need'} no value, so ${one ? 'it is' : 'they are'} sent empty (as the schema allows).`,
    )
  }
  if ((options.mustUnderstand || options.actor !== undefined) && (options.soapHeader ?? []).length === 0) {
    warnings.push(
      'warning: --must-understand and --actor apply to --soap-header entries, and there are none.',
    )
  }
  return warnings
}

/** Pure: the envelope for a plan, with the Header: the WSDL's header parts given, then --soap-header and --wss. */
export function writeSoapEnvelope(plan: SoapCallPlan, options: SoapMessageOptions): string {
  const headers = [
    ...plan.headers,
    ...headerBlocks({
      entries: options.soapHeader,
      mustUnderstand: options.mustUnderstand,
      actor: options.actor,
      wss: options.wss,
    }),
  ]
  return soapEnvelopeText({
    version: plan.version,
    body: plan.body,
    headers,
    encodingStyle: options.encodingStyle,
  })
}

/** Pure: the HTTP request carrying an envelope (the SOAPAction given, else the WSDL's). */
export function soapRequest(
  version: SoapVersion,
  url: string,
  options: Pick<SoapMessageOptions, 'action' | 'method'>,
  fromWsdl: string | undefined,
  http: RequestDefaults,
  envelope: string,
): HttpRequest {
  return soapHttpRequest(
    {
      version,
      url,
      action: chooseAction(version, options.action, fromWsdl),
      method: options.method,
      headers: http.headers,
      unsetHeaders: http.unsetHeaders,
      oauth2: http.oauth2,
    },
    envelope,
  )
}

/** A usage error from a WSDL description read from the cache may only mean the cache is old. */
export function isStale(error: unknown, loaded: LoadedService | undefined): error is ApictlError {
  return (
    isApictlError(error) && error.exitCode === 2 && loaded?.fromCache === true && !/--ns/.test(error.message)
  )
}

/** The operation whose input is this Body element (a ready envelope's), for its SOAPAction. */
export function operationForBody(
  service: ServiceDescription,
  version: SoapVersionId,
  element: { namespace: string; local: string },
) {
  for (const operation of service.operations) {
    const bound = boundOperation(operation, version)
    const input = bound?.input
    if (
      input?.element !== undefined
        ? sameName(input.element, element)
        : input?.parameters[0]?.name === element.local
    ) {
      return bound
    }
  }
  return undefined
}
