import type { Profile } from '../../config/profile.js'
import { UsageError } from '../../core/errors.js'
import type { HttpRequest } from '../../core/exchange.js'
import { expandUrlShorthand } from '../../core/url-shorthand.js'
import type { ResultDescription } from '../../protocols/soap/client/call-result.js'
import type { SoapOutcome } from '../../protocols/soap/client/decode-soap-response.js'
import { checkHeaderOptions } from '../../protocols/soap/client/header-entries.js'
import type { LoadedService } from '../../protocols/soap/client/load-service.js'
import type { StreamedSoapAnswer } from '../../protocols/soap/client/long-answer.js'
import { planSoapCall, type SoapCallPlan } from '../../protocols/soap/client/plan-soap-call.js'
import { resultParameters } from '../../protocols/soap/client/result-parameters.js'
import { sendSoapRequest } from '../../protocols/soap/client/send-soap-request.js'
import type { ServiceDescription } from '../../protocols/soap/client/service-description.js'
import type { SoapVersion, SoapVersionId } from '../../protocols/soap/soap-version.js'
import { safeMessage } from '../../render/safe-text.js'
import { redactingSoapBodies } from '../../render/soap-redact.js'
import type { TransportOptions } from '../../transport/transport-options.js'
import type { LazyTarget } from '../open-target.js'
import type { RequestDefaults } from '../request-defaults.js'
import { SERVE_DEFAULT_URL } from '../target.js'
import type { ReadyEnvelope } from './ready-envelope.js'
import {
  isStale,
  messageWarnings,
  operationForBody,
  parameterInput,
  type SoapMessageOptions,
  type SoapParameters,
  soapRequest,
  writeSoapEnvelope,
} from './soap-message.js'
import { WsdlSource, type WsdlSourceSettings, type WsdlUse } from './wsdl-source.js'

export interface SoapServiceSettings extends WsdlSourceSettings {
  /** How to give an endpoint when none is found, in the surface's terms. */
  noEndpointHint: string
  /** Who has no soap URL, in that message (default: `profile NAME`). */
  owner?: string
  /** Where warnings go (default: stderr). */
  warn?: (line: string) => void
}

/** One call, as every surface asks for it: the operation, its parameters and the options. */
export interface SoapCall {
  operation: string
  parameters: SoapParameters
  options: SoapMessageOptions
  use?: WsdlUse
}

/** How the request travels: the profile's headers and auth with the call's, and whether it is sent at all. */
export interface SoapDelivery {
  http: RequestDefaults
  /** False with --dry-run / --curl: the built-in profile's address is then `apictl serve`'s. */
  sending: boolean
}

/** A call's envelope, checked against the WSDL. */
export interface SoapMessage {
  plan: SoapCallPlan
  envelope: string
  /** The description it was checked against. */
  service: ServiceDescription | undefined
}

/** The HTTP request, built and not sent (--dry-run and --curl print it), with what typing its answer needs. */
export interface PreparedSoapRequest {
  request: HttpRequest
  url: string
  version: SoapVersion
  /** `GetItem → http://…/soap`, for the spinner and `.last`; a ready envelope has none. */
  label?: string
  service?: ServiceDescription | undefined
  /** The WSDL operation called, whose output types the answer. */
  operationName?: string | undefined
  /** The operation as `-o json` names it for a one-way answer (a ready envelope: its Body element). */
  operation?: string | undefined
}

/** The decoded answer with what printing it needs. */
export type SoapReply = SoapOutcome & { described: ResultDescription }

/** A result too long to hold, as it arrives, with what types its values. */
export type StreamedSoapReply = StreamedSoapAnswer & { described: ResultDescription }

/**
 * A SOAP service as every surface uses it, made once from a target and a
 * WSDL cache policy; the only place that knows SOAP's order of things: the
 * description (WSDL, `<endpoint>?wsdl`, refresh), SPEC §2's endpoint order,
 * the input checked against the WSDL, the envelope and HTTP request (pure),
 * then send and decode. `apictl soap`, the REPL's `soap` lines and `.ops`,
 * and the library's `soap.call` are adapters over it.
 */
export class SoapService {
  /** The profile's headers, auth and options, as the target had them when the service was made. */
  readonly profile: Profile
  private readonly wsdl: WsdlSource
  private readonly warn: (line: string) => void

  constructor(private readonly settings: SoapServiceSettings) {
    this.profile = settings.target.current.profile
    this.wsdl = new WsdlSource(settings)
    // A warning may quote the WSDL (an address, a message): shown, never obeyed; no URL credentials.
    this.warn = settings.warn ?? ((line) => settings.ctx.stderr.write(`${safeMessage(line)}\n`))
  }

  get target(): LazyTarget {
    return this.settings.target
  }

  /** True when the WSDL is the built-in server's: fixed for this apictl version, its addresses stale. */
  get builtinWsdl(): boolean {
    return this.wsdl.builtin
  }

  /** The configured WSDL's description (--wsdl, else the target's); undefined with none. */
  description(use?: WsdlUse): Promise<LoadedService | undefined> {
    return this.wsdl.configured(use)
  }

  /** As description(), and with none configured, `<endpoint>?wsdl`: for what cannot go on without a WSDL. */
  discover(endpoint: string | undefined, use?: WsdlUse): Promise<LoadedService | undefined> {
    return this.wsdl.discover(endpoint, use)
  }

  /** Reads the WSDL again, past every cache (a REPL line's --refresh-wsdl). */
  reread(endpoint: string | undefined, use: WsdlUse = {}): Promise<LoadedService | undefined> {
    return this.wsdl.reread(endpoint, use)
  }

  /**
   * The envelope for `soap call` and `soap envelope`: the operation and
   * parameters checked against the WSDL (a cached WSDL that lacks them is
   * read again once before giving up), the Header from --soap-header/--wss,
   * then the codec writes it. Warns about what is still sent but doubtful.
   */
  async message(call: SoapCall): Promise<SoapMessage> {
    const { operation, options, use = {} } = call
    // What the call says on its own first: a malformed parameter or header entry reads no WSDL and starts no server.
    parameterInput(call.parameters)
    checkHeaderOptions({ entries: options.soapHeader, wss: options.wss })
    const plan = (loaded: LoadedService | undefined) =>
      planSoapCall({
        operation,
        parameters: parameterInput(call.parameters),
        version: options.soap,
        namespace: options.ns,
        service: loaded?.service,
      })
    // Without --ns the call needs a WSDL: with none configured, ask the endpoint for its own.
    let loaded =
      options.ns === undefined ? await this.wsdl.discover(options.endpoint, use) : await this.description(use)
    let planned: SoapCallPlan
    try {
      planned = plan(loaded)
    } catch (error) {
      if (this.wsdl.builtin || !isStale(error, loaded)) throw error
      loaded = await this.wsdl.reread(options.endpoint, use)
      planned = plan(loaded)
    }
    for (const warning of messageWarnings(planned, operation, options)) this.warn(warning)
    return { plan: planned, envelope: writeSoapEnvelope(planned, options), service: loaded?.service }
  }

  /** The whole call up to the HTTP request: the envelope, the endpoint for its version, the SOAPAction, headers and auth. */
  async prepare(
    call: SoapCall & SoapDelivery,
  ): Promise<PreparedSoapRequest & SoapMessage & { label: string }> {
    const message = await this.message(call)
    const { plan } = message
    const url = await this.endpoint(plan.version.id, call.options.endpoint, call)
    return {
      ...message,
      request: soapRequest(plan.version, url, call.options, plan.action, call.http, message.envelope),
      url,
      version: plan.version,
      label: `${call.operation} → ${url}`,
      operationName: plan.operation?.name,
      operation: plan.operation?.name ?? call.operation,
    }
  }

  /**
   * `soap send FILE`: a ready envelope as it is, in its own version, to the
   * endpoint chosen as for a call; the SOAPAction from the WSDL operation
   * whose input is its Body element (a profile's WSDL that cannot be read
   * only warns).
   */
  async prepareEnvelope(
    ready: ReadyEnvelope,
    call: { options: SoapMessageOptions; use?: WsdlUse } & SoapDelivery,
  ): Promise<PreparedSoapRequest> {
    const { version } = ready.envelope
    const loaded = call.options.action === undefined ? await this.optionalDescription(call.use) : undefined
    const first = ready.envelope.body[0]
    const bound = first && loaded ? operationForBody(loaded.service, version.id, first.name) : undefined
    const url = await this.endpoint(version.id, call.options.endpoint, call)
    return {
      request: soapRequest(version, url, call.options, bound?.action, call.http, ready.text),
      url,
      version,
      service: loaded?.service,
      operation: first?.name.local,
    }
  }

  /**
   * Sends through the one transport (-v sees passwords masked) and decodes: a result, a fault, or not an
   * envelope; with `streamAbove`, a result longer than that comes back as it arrives (sendSoapRequest).
   */
  async send(prepared: PreparedSoapRequest, transport: TransportOptions): Promise<SoapReply>
  async send(
    prepared: PreparedSoapRequest,
    transport: TransportOptions,
    streamAbove: number,
  ): Promise<SoapReply | StreamedSoapReply>
  async send(
    prepared: PreparedSoapRequest,
    transport: TransportOptions,
    streamAbove?: number,
  ): Promise<SoapReply | StreamedSoapReply> {
    const redacting = redactingSoapBodies(transport)
    const outcome =
      streamAbove === undefined
        ? await sendSoapRequest(prepared.request, redacting)
        : await sendSoapRequest(prepared.request, redacting, streamAbove)
    const parameters =
      outcome.kind === 'result' || outcome.kind === 'stream'
        ? resultParameters(prepared.service, prepared.version.id, outcome.operation, prepared.operationName)
        : undefined
    return { ...outcome, described: { parameters, operation: prepared.operation } }
  }

  /**
   * The endpoint for a version, in SPEC §2's order: the one given (-e);
   * else, with --wsdl, the address it declares for the version (else its
   * other port's, with a warning); else the target's soap URL; else the
   * address in the target's WSDL. The WSDL is read only when it decides.
   */
  async endpoint(
    version: SoapVersionId,
    given: string | undefined,
    how: { sending: boolean; use?: WsdlUse | undefined },
  ): Promise<string> {
    if (given !== undefined) return checkedEndpoint(expandUrlShorthand(given), true)
    const addresses = async () => (await this.description(how.use).catch(() => undefined))?.service.endpoints
    if (this.wsdl.fromCommandLine) {
      const endpoints = await addresses()
      const own = endpoints?.[version]
      if (own) return checkedEndpoint(own, false)
      // The WSDL given has no port for this version: its other port is still that service.
      const other = endpoints?.[version === '1.1' ? '1.2' : '1.1']
      if (other) {
        this.warn(`warning: the WSDL has no SOAP ${version} port; sending to its other address, ${other}.`)
        return checkedEndpoint(other, false)
      }
    }
    const targetSoap = await this.targetSoap(how.sending)
    if (targetSoap) return checkedEndpoint(targetSoap, false)
    const fromWsdl = this.wsdl.fromCommandLine ? undefined : (await addresses())?.[version]
    if (fromWsdl) return checkedEndpoint(fromWsdl, false)
    const owner = this.settings.owner ?? `profile ${this.target.current.profileName}`
    throw new UsageError(`No SOAP ${version} endpoint: ${owner} has no soap URL and no WSDL gives one.`, {
      hint: this.settings.noEndpointHint,
    })
  }

  /** Stops what the service's target started (a CLI run's built-in server); a REPL's or client's target is its own. */
  close(): Promise<void> {
    return this.target.close()
  }

  /**
   * The target's soap URL. Sent: the built-in server's, started now if need
   * be. Not sent (--dry-run/--curl): `apictl serve`'s address for the
   * built-in profile, unless this run already started the built-in server
   * (to read its WSDL): then its real address, with a note.
   */
  private async targetSoap(sending: boolean): Promise<string | undefined> {
    const { target } = this
    if (sending) return (await target.start()).soap
    if (target.current.builtin && target.startedOnDemand) {
      this.warn(
        `note: the request shows the built-in server this run started (to read its WSDL), which stops when apictl exits; \`apictl serve\` listens on ${SERVE_DEFAULT_URL} and stays.`,
      )
    }
    return target.current.soap
  }

  /** The WSDL for a ready envelope's SOAPAction; a profile's WSDL that fails is only a warning. */
  private async optionalDescription(use: WsdlUse | undefined): Promise<LoadedService | undefined> {
    try {
      return await this.description(use)
    } catch (error) {
      if (this.settings.wsdl !== undefined) throw error
      this.warn(
        `warning: the profile's WSDL could not be read (${(error as Error).message}); sending SOAPAction "".`,
      )
      return undefined
    }
  }
}

/** The endpoint as an http(s) URL, or a usage error naming where it came from (nothing is sent). */
function checkedEndpoint(endpoint: string, given: boolean): string {
  let url: URL | undefined
  try {
    url = new URL(endpoint)
  } catch {}
  if (url !== undefined && (url.protocol === 'http:' || url.protocol === 'https:')) return endpoint
  const where = given ? 'given with -e' : 'chosen (from the WSDL or the profile)'
  throw new UsageError(`The SOAP endpoint '${endpoint}' ${where} is not an http(s) URL.`, {
    hint: given
      ? 'Pass a full URL, e.g. -e http://localhost:4000/soap'
      : 'Pass the endpoint with -e URL, or fix the address in the WSDL or the profile.',
  })
}
