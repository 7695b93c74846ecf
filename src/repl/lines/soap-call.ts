import type { Context } from '../../core/context.js'
import { requestDefaults } from '../../exchange/request-defaults.js'
import { runSoapExchange } from '../../exchange/soap/run-soap-exchange.js'
import type { SoapReply } from '../../exchange/soap/soap-service.js'
import { faultSummary } from '../../protocols/soap/client/fault-summary.js'
import { typedValues } from '../../protocols/soap/client/typed-values.js'
import type { ReplSession } from '../session.js'
import { soapCallInput } from './soap-input.js'

/**
 * `soap GetItem id=1`: the session's SoapService prepares the call and
 * sends it as `apictl soap call` does; the response values become `last`.
 * Without an operation, or without the parameters an operation requires,
 * it asks for them on a terminal.
 */
export async function runSoapLine(words: string[], session: ReplSession, ctx: Context): Promise<number> {
  const input = await soapCallInput(words, session, ctx)
  if (input === undefined) return 0
  const { options, service } = input
  // A session is read by a person (or a transcript): the human view unless -o says otherwise,
  // where `apictl soap call` prints JSON to a pipe (SPEC §3).
  const common = { ...input.common, output: input.common.output ?? 'pretty' }
  const prepared = await service.prepare({
    operation: input.operation,
    parameters: input.parameters,
    options,
    use: input.use,
    http: requestDefaults(common, session.profile()),
    sending: !common.dryRun && !common.curl,
  })
  return runSoapExchange(service, prepared, common, ctx, {
    keepAlive: true,
    after: (reply) => {
      remember(session, reply, prepared.label)
      if (reply.kind === 'fault' && options.wss === undefined && asksForCredentials(reply.text)) {
        securityTip(session, ctx)
      }
    },
  })
}

/** The values of a result (or the fault) become `last`; an answer that is not an envelope leaves it. */
function remember(session: ReplSession, reply: SoapReply, label: string): void {
  if (reply.kind === 'not-envelope' || reply.kind === 'accepted') return
  const value =
    reply.kind === 'result'
      ? typedValues(reply.values, reply.described.parameters)
      : { fault: faultSummary(reply.fault, reply.version) }
  session.remember({ style: 'soap', value, response: reply.response, label })
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
