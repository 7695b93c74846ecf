import type { Context } from '../../core/context.js'
import { requestDefaults } from '../../exchange/request-defaults.js'
import { readReadyEnvelope } from '../../exchange/soap/ready-envelope.js'
import { runSoapExchange } from '../../exchange/soap/run-soap-exchange.js'
import type { SoapOptionValues } from '../../options/soap-options.js'
import { withSoapService } from './with-soap-service.js'

/**
 * `apictl soap send FILE.xml`: sends a ready envelope as it is, in the
 * version its namespace says, to the endpoint chosen as in SPEC §2 (`-`:
 * from stdin). A file that is not a SOAP envelope is refused (exit 2) and nothing is sent.
 */
export async function runSoapSend(file: string, raw: SoapOptionValues, ctx: Context): Promise<number> {
  const ready = await readReadyEnvelope(file, ctx)
  return withSoapService(raw, ctx, async (service, common, options) => {
    const prepared = await service.prepareEnvelope(ready, {
      options,
      use: { verbose: common.verbose },
      http: requestDefaults(common, service.profile),
      sending: !common.dryRun && !common.curl,
    })
    return runSoapExchange(service, prepared, common, ctx, { streams: true })
  })
}
