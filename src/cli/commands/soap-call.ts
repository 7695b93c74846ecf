import type { Context } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import { ExitCode } from '../../core/exit-codes.js'
import { requestDefaults } from '../../exchange/request-defaults.js'
import { runSoapExchange } from '../../exchange/soap/run-soap-exchange.js'
import type { SoapOptionValues } from '../../options/soap-options.js'
import type { Prompter } from '../../prompt/prompter.js'
import { promptSoapCall } from '../../prompt/soap-prompt.js'
import { withSoapService } from './with-soap-service.js'

/**
 * `apictl soap call OPERATION [PARAM=VALUE ...]`: typed options → the
 * SoapService prepares the request (envelope checked against the WSDL) →
 * runExchange (--dry-run, --curl, -v, send) → decode → render → exit code.
 * Without an operation, on a terminal, the operation and its parameters are asked for.
 */
export async function runSoapCall(
  operation: string | undefined,
  parameters: string[],
  raw: SoapOptionValues,
  ctx: Context,
  scripted?: Prompter,
): Promise<number> {
  if (operation === undefined && !ctx.stdin.isTTY && scripted === undefined) {
    throw new UsageError(
      'soap call needs an OPERATION; without one it asks for it interactively, which needs a terminal on stdin.',
      {
        hint: 'Name the operation: apictl soap call GetItem id=1 (apictl soap ops lists them).',
      },
    )
  }
  return withSoapService(raw, ctx, async (service, common, options) => {
    const use = { verbose: common.verbose }
    const call =
      operation === undefined
        ? await promptSoapCall(await service.discover(options.endpoint, use), options.soap, ctx, scripted)
        : { operation, parameters }
    if (call === undefined) return ExitCode.Interrupted
    const prepared = await service.prepare({
      ...call,
      options,
      use,
      http: requestDefaults(common, service.profile),
      sending: !common.dryRun && !common.curl,
    })
    return runSoapExchange(service, prepared, common, ctx, { streams: true })
  })
}
