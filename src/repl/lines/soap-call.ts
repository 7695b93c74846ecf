import type { Context } from '../../core/context.js'
import { runExchange } from '../../exchange/run-exchange.js'
import { buildSoapCall } from '../../exchange/soap/soap-message.js'
import type { SoapOutcome } from '../../protocols/soap/client/decode-soap-response.js'
import { faultSummary } from '../../protocols/soap/client/fault-summary.js'
import { resultParameters } from '../../protocols/soap/client/result-parameters.js'
import { sendSoapRequest } from '../../protocols/soap/client/send-soap-request.js'
import type { ParameterDescription } from '../../protocols/soap/client/service-description.js'
import { typedValues } from '../../protocols/soap/client/typed-values.js'
import { printSoapOutcome, soapValuesFormatter } from '../../render/print-soap-result.js'
import { redactingSoapBodies } from '../../render/soap-redact.js'
import type { ReplSession } from '../session.js'
import { soapCallInput } from './soap-input.js'

/**
 * `soap GetItem id=1`: the CLI's SOAP pipeline (envelope checked against
 * the WSDL → runExchange → printSoapOutcome) on the session's target; the
 * response values become `last`. Without an operation, or without the
 * parameters an operation requires, it asks for them on a terminal.
 */
export async function runSoapLine(words: string[], session: ReplSession, ctx: Context): Promise<number> {
  const input = await soapCallInput(words, session, ctx)
  if (input === undefined) return 0
  const { operation, parameters, common, options, soap } = input
  const profile = session.profile()
  const { message, url, request } = await buildSoapCall(
    soap,
    { operation, parameters, options },
    common,
    profile,
    ctx,
  )
  const { plan } = message
  const formatValues = await soapValuesFormatter(common, ctx)
  return runExchange(
    {
      request,
      common,
      profile,
      label: `${operation} → ${url}`,
      send: (built, transport) =>
        sendSoapRequest(built, redactingSoapBodies({ ...transport, keepAlive: true })),
      present: (outcome) => {
        const described =
          outcome.kind === 'result'
            ? resultParameters(
                message.loaded?.service,
                plan.version.id,
                outcome.operation,
                plan.operation?.name,
              )
            : undefined
        remember(session, outcome, described, `${operation} → ${url}`)
        printSoapOutcome(outcome, common, ctx, formatValues, {
          parameters: described,
          operation: plan.operation?.name ?? operation,
        })
        if (outcome.kind === 'fault' && options.wss === undefined && asksForCredentials(outcome.text)) {
          securityTip(session, ctx)
        }
      },
    },
    ctx,
  )
}

/** The values of a result (or the fault) become `last`; an answer that is not an envelope leaves it. */
function remember(
  session: ReplSession,
  outcome: SoapOutcome,
  described: readonly ParameterDescription[] | undefined,
  label: string,
): void {
  if (outcome.kind === 'not-envelope' || outcome.kind === 'accepted') return
  const value =
    outcome.kind === 'result'
      ? typedValues(outcome.values, described)
      : { fault: faultSummary(outcome.fault, outcome.version) }
  session.remember({ style: 'soap', value, response: outcome.response, label })
}

/** A fault that speaks of security or credentials (its envelope, as received). */
function asksForCredentials(envelope: string): boolean {
  return /secur|authenticat|credential|usernametoken|password/i.test(envelope)
}

/** Once per session, after such a fault with no WS-Security sent: how to send it. */
function securityTip(session: ReplSession, ctx: Context): void {
  if (session.notes.has('wss')) return
  session.notes.add('wss')
  const example = session.target.builtin ? 'demo:demo' : 'USER:PASS'
  ctx.stderr.write(
    `note: if the service wants a WS-Security UsernameToken, .auth wss ${example} adds one to every SOAP call.\n`,
  )
}
