import type { Profile } from '../config/profile.js'
import type { Context } from '../core/context.js'
import type { HttpRequest } from '../core/exchange.js'
import type { CommonOptions } from '../core/request-options.js'
import { type CurlSettings, curlCommand } from '../render/curl-command.js'
import { exchangeParts } from '../render/print-exchange-parts.js'
import { printRequest } from '../render/print-request.js'
import { startSpinner } from '../render/spinner.js'
import { verboseObserver } from '../render/verbose-observer.js'
import { joinObservers, retriesMethod, type TransportOptions } from '../transport/transport-options.js'
import { curlConnection } from './curl-connection.js'
import { transportOptions } from './request-defaults.js'
import { uploadProgress } from './upload-progress.js'

/** A decoded answer: whatever its style, it carries the exit code its decoder decided. */
export interface DecodedOutcome {
  exitCode: number
}

export interface ExchangeSteps<Result extends DecodedOutcome> {
  request: HttpRequest
  common: CommonOptions
  profile: Profile
  /** Sends the built request through the transport and decodes the answer; `progress` relabels the spinner. */
  send(request: HttpRequest, transport: TransportOptions, progress: (label: string) => void): Promise<Result>
  /**
   * Prints the decoded result (and does whatever else the surface does with
   * it); a non-zero number returned replaces the exit code (REST's
   * --check-response --strict). A body that streams is read by then.
   */
  present(result: Result): unknown
  /** The body goes to a file (--download): --print's heads go to stderr as they happen, and the saved file is reported. */
  bodyToFile?: boolean
  /** Spinner label while waiting. */
  label?: string
  /** --follow (REST): follow redirects. */
  followRedirects?: boolean
  /** What else --curl says, for this style (REST's --download: --output, --continue-at). */
  curl?: CurlSettings
}

/**
 * The part of the pipeline every style shares after the request is built:
 * --dry-run / --curl stop here (given both, the request and then the curl
 * command); else send (spinner, -v), decode, render. Returns the exit code
 * the decoder put on the outcome (0 for --dry-run / --curl).
 */
export async function runExchange<Result extends DecodedOutcome>(
  steps: ExchangeSteps<Result>,
  ctx: Context,
): Promise<number> {
  const { request, common } = steps
  const transport = transportOptions(common, steps.profile, ctx)
  if (steps.followRedirects) transport.followRedirects = true
  if (transport.retry > 0 && !retriesMethod(request.method, transport)) {
    if (common.retryUnsafe) transport.retryAnyMethod = true
    else noteRetryDoesNotApply(request.method, transport.retry, ctx)
  }
  if (common.dryRun || common.curl) {
    if (common.dryRun) printRequest(request, ctx, { colour: common.colour, showSecrets: common.showSecrets })
    if (common.dryRun && common.curl) ctx.stdout.write('\n')
    if (common.curl) printCurl(request, transport, ctx, steps.curl)
    return 0
  }
  if (common.verbose) transport.observer = verboseObserver(ctx, common)
  const parts =
    common.print === undefined
      ? undefined
      : exchangeParts(common.print, request, ctx, {
          colour: common.colour,
          showSecrets: common.showSecrets === true,
          to: steps.bodyToFile ? 'stderr' : 'stdout',
        })
  if (parts) transport.observer = joinObservers(transport.observer, parts.observer)
  // --print without `b`: the body is not shown, and what still arrives of it (a stream) is dropped.
  const dropped = new AbortController()
  transport.signal = transport.signal ? AbortSignal.any([transport.signal, dropped.signal]) : dropped.signal
  const spinner = startSpinner(ctx.stderr, steps.label ?? `${request.method} ${request.url}`)
  const upload = uploadProgress(request, ctx, () => spinner.stop())
  if (upload) transport.observer = { ...transport.observer, ...upload.observer }
  let result: Result
  try {
    result = await steps.send(request, transport, (label) => spinner.update(label))
  } finally {
    spinner.stop()
    upload?.finish()
  }
  // HEAD's answer is its headers: with `h` they are shown once, as the head.
  const print = common.print
  const bodyShown =
    print === undefined ||
    steps.bodyToFile === true ||
    (print.responseBody && !(print.responseHead && request.method.toUpperCase() === 'HEAD'))
  parts?.printHeads(bodyShown)
  if (!bodyShown) {
    dropped.abort()
    parts?.printMeta()
    return result.exitCode
  }
  const override = await steps.present(result)
  parts?.printMeta()
  return typeof override === 'number' && override !== 0 ? override : result.exitCode
}

/** --retry N on a POST or PATCH (every gql and soap call): said once, on stderr, rather than silently ignored. */
function noteRetryDoesNotApply(method: string, retry: number, ctx: Context): void {
  ctx.stderr.write(
    `note: --retry ${retry} does not apply: this request is a ${method.toUpperCase()}, which may not be safe to repeat; ` +
      'add --retry-unsafe if the operation is idempotent.\n',
  )
}

/** --curl: the command, with the transport settings curl can say too (-k, --max-time, --retry, --location). */
function printCurl(
  request: HttpRequest,
  transport: TransportOptions,
  ctx: Context,
  more: CurlSettings = {},
): void {
  if (request.oauth2) {
    ctx.stderr.write(
      'note: the OAuth 2.0 token is fetched at send time; set APICTL_OAUTH2_TOKEN before running this.\n',
    )
  }
  const retried = retriesMethod(request.method, transport)
  const command = curlCommand(request, {
    insecure: transport.insecure,
    timeoutSeconds: transport.timeoutMs / 1000,
    retry: retried ? transport.retry : 0,
    followRedirects: transport.followRedirects,
    ...curlConnection(request.url, transport),
    ...more,
  })
  ctx.stdout.write(`${command}\n`)
}
