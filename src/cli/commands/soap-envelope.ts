import { type Context, colourEnabled } from '../../core/context.js'
import { buildSoapMessage } from '../../exchange/soap/soap-message.js'
import { openSoapSession } from '../../exchange/soap/soap-session.js'
import { formatXml } from '../../render/format-xml.js'

/**
 * `apictl soap envelope OPERATION [PARAM=VALUE ...]`: the envelope `soap call`
 * would send, on stdout, and nothing sent. Indented (and coloured on a
 * terminal) by default and with `-o xml`; `-o raw` prints the exact bytes.
 */
export async function runSoapEnvelope(
  operation: string,
  parameters: string[],
  raw: Record<string, unknown>,
  ctx: Context,
): Promise<number> {
  const session = await openSoapSession(raw, ctx)
  try {
    const { envelope } = await buildSoapMessage(session, operation, parameters, ctx)
    const format = session.common.output ?? 'pretty'
    const colour = colourEnabled(ctx.stdout, ctx.env, session.common.colour)
    ctx.stdout.write(`${format === 'raw' ? envelope : formatXml(envelope, { colour })}\n`)
    return 0
  } finally {
    await session.close()
  }
}
