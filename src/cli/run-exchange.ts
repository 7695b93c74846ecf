import type { Profile } from '../config/profile.js'
import type { Context } from '../core/context.js'
import type { HttpRequest } from '../core/exchange.js'
import type { CommonOptions } from '../core/request-options.js'
import { transportOptions } from '../engine/request-defaults.js'
import { curlCommand } from '../render/curl-command.js'
import { startSpinner } from '../render/spinner.js'
import type { TransportOptions } from '../transport/transport-options.js'
import { printRequest } from './print-request.js'
import { verboseObserver } from './verbose-observer.js'

export interface ExchangeSteps<Result> {
  request: HttpRequest
  common: CommonOptions
  profile: Profile
  /** Sends the built request through the transport and decodes the answer; `progress` relabels the spinner. */
  send(request: HttpRequest, transport: TransportOptions, progress: (label: string) => void): Promise<Result>
  /** Prints the decoded result and returns the exit code. */
  present(result: Result): number
  /** Spinner label while waiting. */
  label?: string
}

/**
 * The part of the pipeline every style shares after the request is built:
 * --dry-run / --curl stop here; else send (spinner, -v), decode, render, exit code.
 */
export async function runExchange<Result>(steps: ExchangeSteps<Result>, ctx: Context): Promise<number> {
  const { request, common } = steps
  if (common.dryRun) {
    printRequest(request, ctx, common.colour)
    return 0
  }
  if (common.curl) {
    if (request.oauth2) {
      ctx.stderr.write(
        'note: the OAuth 2.0 token is fetched at send time; set APICTL_OAUTH2_TOKEN before running this.\n',
      )
    }
    ctx.stdout.write(`${curlCommand(request)}\n`)
    return 0
  }
  const transport = transportOptions(common, steps.profile, ctx)
  if (common.verbose) transport.observer = verboseObserver(ctx, common)
  const spinner = startSpinner(ctx.stderr, steps.label ?? `${request.method} ${request.url}`)
  let result: Result
  try {
    result = await steps.send(request, transport, (label) => spinner.update(label))
  } finally {
    spinner.stop()
  }
  return steps.present(result)
}
