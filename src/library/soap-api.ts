import type { Context } from '../core/context.js'
import { isApictlError } from '../core/errors.js'
import type { CommonOptions } from '../core/request-options.js'
import { readyTarget } from '../exchange/open-target.js'
import { requestDefaults, transportOptions } from '../exchange/request-defaults.js'
import type { SoapMessageOptions } from '../exchange/soap/soap-message.js'
import type { SoapService } from '../exchange/soap/soap-service.js'
import type { Target } from '../exchange/target.js'
import type { FaultSummary } from '../protocols/soap/client/fault-summary.js'
import type { TypedValue } from '../protocols/soap/client/typed-values.js'
import type { TokenStore } from '../transport/transport-options.js'
import { toApiError } from './api-error.js'
import type { ApiError, WssCredentials } from './client-options.js'

export type { FaultSummary as SoapFault }

/** A Header entry: `'{urn:x}Token=abc'`, or the same as parts. */
export type SoapHeaderEntry = string | { namespace: string; name: string; value: string }

export interface SoapCallOptions {
  /** SOAP 1.1 (default, or the WSDL's only version) or 1.2. */
  version?: '1.1' | '1.2'
  /** Header entries; `mustUnderstand` and `actor` apply to them. */
  header?: SoapHeaderEntry[]
  mustUnderstand?: boolean
  /** actor (1.1) or role (1.2) of the header entries. */
  actor?: string
  /** A WS-Security UsernameToken (PasswordText, mustUnderstand): `'USER:PASS'` or the parts; instead of the client's `wss`. */
  wss?: WssCredentials
  /** The SOAPAction; default the WSDL's, else "". `null` sends none at all. */
  action?: string | null
  /** The operation element's namespace, instead of the WSDL's (needed without a WSDL). */
  namespace?: string
  /** The endpoint for this call, instead of the client's `soap` URL or the WSDL's address. */
  endpoint?: string
  encodingStyle?: string
  method?: 'POST' | 'M-POST'
  /** Extra HTTP headers. */
  headers?: Record<string, string>
  signal?: AbortSignal
}

/** A SOAP call's error: what the CLI would print, its exit code, and for a fault the fault itself. */
export interface SoapCallError extends ApiError {
  /** Set when the service answered with a fault (the same object as the result's `fault`). */
  fault?: FaultSummary
}

/**
 * A SOAP call's outcome: the response values, or an error; a fault is never
 * thrown. A fault sets both `error` (so `const { data, error }` sees it) and
 * `fault` (kept for compatibility).
 */
export interface SoapCallResult<T = Record<string, TypedValue>> {
  data?: { operation: string; result: T }
  /** The fault, when the service answered with one; `error.fault` holds it too. */
  fault?: FaultSummary
  /** HTTP status, when the server answered. (A one-way operation answered 202/204 with no envelope: `data.result` is null.) */
  status?: number
  /**
   * Anything but a result: a fault (message `SOAP fault (Client): …`, exit
   * code 4 for Client/Sender, VersionMismatch, MustUnderstand, 5 for
   * Server/Receiver), usage (2, nothing sent), network (3), HTTP 4xx/5xx
   * without an envelope (4/5), not an envelope (6).
   */
  error?: SoapCallError
}

export interface SoapApi {
  /** Calls an operation with its parameters (`{ id: '1' }`; objects nest, arrays repeat). */
  call<T = Record<string, TypedValue>>(
    operation: string,
    parameters?: Record<string, unknown>,
    options?: SoapCallOptions,
  ): Promise<SoapCallResult<T>>
}

function headerEntry(entry: SoapHeaderEntry): string {
  return typeof entry === 'string' ? entry : `{${entry.namespace}}${entry.name}=${entry.value}`
}

/** A call's options as the SoapService takes them (`apictl soap call`'s). */
function messageOptions(options: SoapCallOptions, clientWss: WssCredentials | undefined): SoapMessageOptions {
  const credentials = options.wss ?? clientWss
  return {
    endpoint: options.endpoint,
    soap: options.version,
    ns: options.namespace,
    action: options.action === null ? false : options.action,
    soapHeader: options.header?.map(headerEntry),
    mustUnderstand: options.mustUnderstand,
    actor: options.actor,
    wss: typeof credentials === 'object' ? `${credentials.username}:${credentials.password}` : credentials,
    encodingStyle: options.encodingStyle,
    method: options.method,
  }
}

/**
 * `client.soap.call`: the same SoapService as `apictl soap call`, resolved
 * to `{ data }`, `{ fault, error }` or `{ error }`. The WSDL (the client's
 * `wsdl`, or the profile's; with neither and no `namespace`, the one at
 * `<soap URL>?wsdl`) is read once per client and kept in memory. The SOAP
 * modules load on the first call.
 */
export function createSoapApi(
  getTarget: () => Promise<Target>,
  common: CommonOptions,
  ctx: Context,
  tokens: TokenStore,
  clientWss?: WssCredentials,
): SoapApi {
  let opened: Promise<SoapService> | undefined
  const service = () => {
    opened ??= openClientService(getTarget, common, ctx, tokens).catch((error: unknown) => {
      opened = undefined
      throw error
    })
    return opened
  }

  async function call<T>(
    operation: string,
    parameters: Record<string, unknown> = {},
    options: SoapCallOptions = {},
  ): Promise<SoapCallResult<T>> {
    try {
      const soap = await service()
      const defaults = requestDefaults(common, soap.profile)
      const prepared = await soap.prepare({
        operation,
        parameters,
        options: messageOptions(options, clientWss),
        use: { signal: options.signal },
        http: { ...defaults, headers: [...defaults.headers, ...Object.entries(options.headers ?? {})] },
        sending: true,
      })
      const transport = { ...transportOptions(common, soap.profile, ctx), tokenStore: tokens }
      const reply = await soap.send(prepared, { ...transport, keepAlive: true, signal: options.signal })
      const { callResult } = await import('../protocols/soap/client/call-result.js')
      return callResult<T>(reply, reply.described)
    } catch (error) {
      if (!isApictlError(error)) throw error
      return { error: toApiError(error) }
    }
  }
  return { call }
}

async function openClientService(
  getTarget: () => Promise<Target>,
  common: CommonOptions,
  ctx: Context,
  tokens: TokenStore,
): Promise<SoapService> {
  const [{ SoapService }, target] = await Promise.all([
    import('../exchange/soap/soap-service.js'),
    getTarget(),
  ])
  return new SoapService({
    target: readyTarget(target),
    cache: 'memory',
    fetchSettings: (use) => ({
      ...requestDefaults(common, target.profile),
      transport: {
        ...transportOptions(common, target.profile, ctx),
        tokenStore: tokens,
        keepAlive: true,
        signal: use.signal,
      },
    }),
    noWsdlHint:
      "Give the client a WSDL, createClient({ soap, wsdl }), or the operation's namespace: soap.call(op, params, { namespace }).",
    noEndpointHint:
      "Give one: createClient({ soap: 'http://host/soap' }) or soap.call(op, params, { endpoint }).",
    owner: target.profileName === '(client)' ? 'the client' : undefined,
    warn: () => {},
    ctx,
  })
}
