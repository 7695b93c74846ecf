import type { Context } from '../../core/context.js'
import { isCancelledError, UsageError } from '../../core/errors.js'
import { ExitCode } from '../../core/exit-codes.js'
import { openTarget } from '../../exchange/open-target.js'
import { readPipedBody } from '../../exchange/piped-body.js'
import { checkRestInput } from '../../exchange/rest/check-rest-input.js'
import { openContract } from '../../exchange/rest/open-contract.js'
import { DEFAULT_MAX_PAGES, RestClient } from '../../exchange/rest/rest-client.js'
import { normalizeCommonOptions } from '../../options/common-options.js'
import type { RestOptionValues } from '../../options/rest-options.js'
import { splitRestWords } from '../../protocols/rest/client/rest-method.js'
import { noteServeDefault } from '../../render/note-serve-default.js'
import { printRestOutcome, STREAM_WINDOW } from '../../render/print-rest-result.js'

/** `apictl rest [METHOD] URL-OR-PATH [ITEM ...]`: the RestClient on the profile's target, printed; its exit code. */
export async function runRest(
  firstWord: string,
  secondWord: string | undefined,
  words: string[],
  options: RestOptionValues,
  ctx: Context,
): Promise<number> {
  const common = normalizeCommonOptions(options)
  // A bad method is a usage error before anything starts; a left-out one is decided by the body.
  const { method, target: url, items } = splitRestWords(firstWord, secondWord, words)
  if (url === undefined) {
    throw new UsageError(`rest ${firstWord} needs a URL or path.`, {
      hint: `apictl rest ${firstWord} /v1/items (or a full URL, or :4000/v1/items for localhost)`,
    })
  }
  checkRestInput({ items, data: options.data }, ctx)
  const sending = !common.dryRun && !common.curl
  // Ctrl-C ends the call (a live stream above all) as a cancel: what was printed stays, exit 130.
  const interrupt = new AbortController()
  const onInterrupt = () => interrupt.abort()
  process.once('SIGINT', onInterrupt)
  try {
    return await sendRest(
      { method, url, items, options, common, sending },
      { ...ctx, signal: ctx.signal ? AbortSignal.any([ctx.signal, interrupt.signal]) : interrupt.signal },
    )
  } catch (error) {
    if (!interrupt.signal.aborted || !isCancelledError(error)) throw error
    ctx.stderr.write('\ninterrupted\n')
    return ExitCode.Interrupted
  } finally {
    process.off('SIGINT', onInterrupt)
  }
}

async function sendRest(
  words: {
    method: string | undefined
    url: string
    items: string[]
    options: RestOptionValues
    common: ReturnType<typeof normalizeCommonOptions>
    sending: boolean
  },
  ctx: Context,
): Promise<number> {
  const { method, url, items, options, common, sending } = words
  // The profile's REST base is used for a path, and for an --oauth2 token URL given as a path.
  const usesBase = url.startsWith('/') || common.oauth2?.tokenUrl.startsWith('/') === true
  const target = await openTarget({ profileName: common.profile, send: sending && usesBase }, ctx)
  if (target.builtin && !sending && usesBase) noteServeDefault(ctx)
  try {
    const rest = new RestClient({ target, cache: 'disk' })
    const contract = await openContract(options, common, target, url, sending, ctx)
    const pipedBody =
      options.ignoreStdin === true
        ? undefined
        : () => readPipedBody(ctx, (common.timeoutSeconds ?? 30) * 1000)
    const prepared = await rest.prepare({ ...options, method, url, items, contract, pipedBody }, common, ctx)
    return await rest.exchange(
      prepared,
      common,
      ctx,
      (outcome) =>
        printRestOutcome(outcome, common, ctx, {
          maxPages: options.maxPages ?? DEFAULT_MAX_PAGES,
          followRedirects: options.follow === true,
        }),
      { streamAbove: STREAM_WINDOW, live: true },
    )
  } finally {
    await target.close()
  }
}
