import type { Context } from '../../core/context.js'
import type { CommonOptions } from '../../core/request-options.js'
import { openSoapService } from '../../exchange/soap/open-soap-service.js'
import type { SoapService } from '../../exchange/soap/soap-service.js'
import { normalizeCommonOptions } from '../../options/common-options.js'
import type { SoapOptionValues } from '../../options/soap-options.js'

/** Runs an `apictl soap` action with the run's SoapService (typed options in), and stops what it started. */
export async function withSoapService<T>(
  raw: SoapOptionValues,
  ctx: Context,
  run: (service: SoapService, common: CommonOptions, options: SoapOptionValues) => Promise<T>,
): Promise<T> {
  const common = normalizeCommonOptions(raw)
  const options = raw
  const service = await openSoapService(options, common, ctx)
  try {
    return await run(service, common, options)
  } finally {
    await service.close()
  }
}
