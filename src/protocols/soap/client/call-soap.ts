import { UsageError } from '../../../core/errors.js'
import type { HeaderList, OAuth2Settings } from '../../../core/exchange.js'
import type { TransportOptions } from '../../../transport/transport-options.js'
import type { SoapVersionId } from '../soap-version.js'
import { chooseAction, type SoapHttpMethod, soapEnvelopeText, soapHttpRequest } from './build-soap-request.js'
import { type CallResult, callResult } from './call-result.js'
import { wsdlDocumentFetcher } from './fetch-wsdl-document.js'
import { headerBlocks } from './header-entries.js'
import { valuesToTree } from './parameter-tree.js'
import { planSoapCall } from './plan-soap-call.js'
import { readService } from './read-service.js'
import { sendSoapRequest } from './send-soap-request.js'
import type { ServiceDescription } from './service-description.js'

/** HTTP settings of a call: headers (profile, auth, extra) and the transport's. */
export interface SoapHttpSettings {
  headers: HeaderList
  unsetHeaders?: string[] | undefined
  oauth2?: OAuth2Settings | undefined
  transport: TransportOptions
}

export interface SoapCallRequest {
  operation: string
  /** Plain values: objects nest, arrays repeat, null is xsi:nil, numbers and booleans as text. */
  parameters: Record<string, unknown>
  version?: SoapVersionId | undefined
  /** `{NS}Name=value` entries. */
  header?: string[] | undefined
  mustUnderstand?: boolean | undefined
  actor?: string | undefined
  /** USER:PASS */
  wss?: string | undefined
  /** null: no SOAPAction at all. */
  action?: string | null | undefined
  namespace?: string | undefined
  encodingStyle?: string | undefined
  method?: SoapHttpMethod | undefined
  /** Where to send it: the call's endpoint, else the target's soap URL, else the WSDL's address. */
  endpoint?: string | undefined
}

/** Reads a WSDL for the library (no disk cache: the client keeps it in memory). */
export function describeWsdl(location: string, http: SoapHttpSettings): Promise<ServiceDescription> {
  return readService(location, wsdlDocumentFetcher(http))
}

/** The library's SOAP call: the same plan → envelope → send → decode as `apictl soap call`. */
export async function callSoap<T>(
  call: SoapCallRequest,
  service: ServiceDescription | undefined,
  http: SoapHttpSettings,
): Promise<CallResult<T>> {
  const plan = planSoapCall({
    operation: call.operation,
    parameters: valuesToTree(call.parameters),
    version: call.version,
    namespace: call.namespace,
    service,
  })
  const headers = headerBlocks({
    entries: call.header,
    mustUnderstand: call.mustUnderstand,
    actor: call.actor,
    wss: call.wss,
  })
  const url = call.endpoint ?? service?.endpoints[plan.version.id]
  if (url === undefined) {
    throw new UsageError('No SOAP endpoint: the client has no soap URL and the WSDL gives none.', {
      hint: "Give one: createClient({ soap: 'http://host/soap' }) or soap.call(op, params, { endpoint }).",
    })
  }
  const envelope = soapEnvelopeText({
    version: plan.version,
    body: plan.body,
    headers,
    encodingStyle: call.encodingStyle,
  })
  const request = soapHttpRequest(
    {
      version: plan.version,
      url,
      action: chooseAction(plan.version, call.action, plan.action),
      method: call.method,
      headers: http.headers,
      unsetHeaders: http.unsetHeaders,
      oauth2: http.oauth2,
    },
    envelope,
  )
  return callResult<T>(await sendSoapRequest(request, http.transport), service, plan)
}

/** For the library's WSDL discovery, loaded with the rest of the SOAP client. */
export { discoveryError, wsdlUrlFor } from './discover-wsdl.js'
