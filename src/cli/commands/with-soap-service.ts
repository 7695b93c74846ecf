import type { Context } from '../../core/context.js'
import type { CommonOptions } from '../../core/request-options.js'
import { openSoapService } from '../../exchange/soap/open-soap-service.js'
import type { SoapService } from '../../exchange/soap/soap-service.js'
import { normalizeCommonOptions } from '../../options/common-options.js'
import type { SoapCommandOptions } from './soap-command.js'

/** Runs an `apictl soap` action with the run's SoapService (typed options in), and stops what it started. */
export async function withSoapService<T>(
  raw: Record<string, unknown>,
  ctx: Context,
  run: (service: SoapService, common: CommonOptions, options: SoapCommandOptions) => Promise<T>,
): Promise<T> {
  const common = normalizeCommonOptions(raw as unknown as Parameters<typeof normalizeCommonOptions>[0])
  const options = raw as SoapCommandOptions
  const service = await openSoapService(options, common, ctx)
  try {
    return await run(service, common, options)
  } finally {
    await service.close()
  }
}
