import { type Context, colourEnabled } from '../../core/context.js'
import type { SoapOptionValues } from '../../options/soap-options.js'
import { formatXml } from '../../render/format-xml.js'
import { withSoapService } from './with-soap-service.js'

/**
 * `apictl soap envelope OPERATION [PARAM=VALUE ...]`: the envelope `soap call`
 * would send, on stdout, and nothing sent. Indented (and coloured on a
 * terminal) by default and with `-o xml`; `-o raw` prints the exact bytes.
 */
export function runSoapEnvelope(
  operation: string,
  parameters: string[],
  raw: SoapOptionValues,
  ctx: Context,
): Promise<number> {
  return withSoapService(raw, ctx, async (service, common, options) => {
    const use = { verbose: common.verbose }
    const { envelope } = await service.message({ operation, parameters, options, use })
    const colour = colourEnabled(ctx.stdout, ctx.env, common.colour)
    ctx.stdout.write(`${common.output === 'raw' ? envelope : formatXml(envelope, { colour })}\n`)
    return 0
  })
}
