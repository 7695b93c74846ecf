import type { Context } from '../../core/context.js'
import type { CommonOptions } from '../../core/request-options.js'
import { printSoapOutcome, soapValuesFormatter } from '../../render/print-soap-result.js'
import { runExchange } from '../run-exchange.js'
import type { PreparedSoapRequest, SoapReply, SoapService } from './soap-service.js'

/**
 * The tail of a SOAP call on a terminal surface: runExchange (--dry-run,
 * --curl, -v, spinner, send through the service) and the answer printed;
 * returns the exit code. `keepAlive` for a REPL session; `after` sees the
 * reply once printed. The exit code is the decoder's, on the reply.
 */
export async function runSoapExchange(
  service: SoapService,
  prepared: PreparedSoapRequest,
  common: CommonOptions,
  ctx: Context,
  more: { keepAlive?: boolean; after?: (reply: SoapReply) => void } = {},
): Promise<number> {
  const formatValues = await soapValuesFormatter(common, ctx)
  return runExchange(
    {
      request: prepared.request,
      common,
      profile: service.profile,
      label: prepared.label,
      send: (_request, transport) =>
        service.send(prepared, more.keepAlive ? { ...transport, keepAlive: true } : transport),
      present: (reply) => {
        printSoapOutcome(reply, common, ctx, formatValues, reply.described)
        more.after?.(reply)
      },
    },
    ctx,
  )
}
