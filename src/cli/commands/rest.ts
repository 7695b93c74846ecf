import type { Context } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import { openTarget } from '../../exchange/open-target.js'
import { readPipedBody } from '../../exchange/piped-body.js'
import { checkRestInput } from '../../exchange/rest/check-rest-input.js'
import { DEFAULT_MAX_PAGES, RestClient } from '../../exchange/rest/rest-client.js'
import type { RestContract } from '../../exchange/rest/rest-contract.js'
import type { Target } from '../../exchange/target.js'
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
      { streamAbove: STREAM_WINDOW },
    )
  } finally {
    await target.close()
  }
}

/**
 * The OpenAPI document's rules for this call, when there is a document:
 * --openapi, the profile's `openapi`, or discovery at the profile's REST
 * base for a path (a full URL to another API is never probed). Both the
 * document and "there is none" are cached, so a plain request pays at most
 * a cache read.
 */
async function openContract(
  options: RestOptionValues,
  common: { insecure: boolean },
  target: Target,
  url: string,
  sending: boolean,
  ctx: Context,
): Promise<RestContract | undefined> {
  const { loadOpenApi } = await import('../../exchange/rest/load-openapi.js')
  const loaded = await loadOpenApi(
    {
      flag: options.openapi,
      profileSource: target.profile.openapi,
      discoverAt: url.startsWith('/') ? target.rest : undefined,
      builtin: target.builtin,
      refresh: options.refresh === true,
      fetch: sending,
      insecure: common.insecure || target.profile.insecure === true,
    },
    ctx,
  )
  if (loaded === undefined) return undefined
  const { createRestContract } = await import('../../exchange/rest/rest-contract.js')
  return createRestContract({ ...loaded, validate: options.validate !== false })
}
