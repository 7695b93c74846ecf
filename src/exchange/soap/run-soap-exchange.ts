import type { Context } from '../../core/context.js'
import type { CommonOptions } from '../../core/request-options.js'
import { STREAM_WINDOW } from '../../core/size.js'
import { printSoapOutcome, soapValuesFormatter } from '../../render/print-soap-result.js'
import { runExchange } from '../run-exchange.js'
import type { PreparedSoapRequest, SoapReply, SoapService, StreamedSoapReply } from './soap-service.js'

/**
 * The tail of a SOAP call on a terminal surface: runExchange (--dry-run,
 * --curl, -v, spinner, send through the service) and the answer printed;
 * returns the exit code. `keepAlive` for a REPL session; `after` sees the
 * reply once printed. The exit code is the decoder's, on the reply.
 * `streams` (the CLI): a result over STREAM_WINDOW is printed as it arrives
 * (printSoapStream) rather than read whole; `after` does not see it.
 */
export async function runSoapExchange(
  service: SoapService,
  prepared: PreparedSoapRequest,
  common: CommonOptions,
  ctx: Context,
  more: { keepAlive?: boolean; after?: (reply: SoapReply) => void; streams?: boolean } = {},
): Promise<number> {
  const formatValues = await soapValuesFormatter(common, ctx)
  return runExchange<SoapReply | StreamedSoapReply>(
    {
      request: prepared.request,
      common,
      profile: service.profile,
      label: prepared.label,
      send: (_request, options) => {
        const transport = more.keepAlive ? { ...options, keepAlive: true } : options
        return more.streams
          ? service.send(prepared, transport, STREAM_WINDOW)
          : service.send(prepared, transport)
      },
      present: async (reply) => {
        if (reply.kind === 'stream') {
          const { printSoapStream } = await import('../../render/print-soap-stream.js')
          return printSoapStream(reply, common, ctx, reply.described)
        }
        printSoapOutcome(reply, common, ctx, formatValues, reply.described)
        more.after?.(reply)
      },
    },
    ctx,
  )
}
