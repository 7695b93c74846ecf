import type { Context } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import { openTarget } from '../../exchange/open-target.js'
import { readPipedBody } from '../../exchange/piped-body.js'
import { prepareRestRequest } from '../../exchange/rest/prepare-rest-request.js'
import { runExchange } from '../../exchange/run-exchange.js'
import { normalizeCommonOptions } from '../../options/common-options.js'
import { splitRestWords } from '../../protocols/rest/client/rest-method.js'
import { sendRestRequest } from '../../protocols/rest/client/send-rest-request.js'
import { noteServeDefault } from '../../render/note-serve-default.js'
import { printRestResult } from '../../render/print-rest-result.js'
import type { RestCommandOptions } from './rest-command.js'

/** `apictl rest METHOD URL-OR-PATH [ITEM ...]`: typed options → build → send → decode → render → exit code. */
export async function runRest(
  firstWord: string,
  secondWord: string | undefined,
  words: string[],
  raw: Record<string, unknown>,
  ctx: Context,
): Promise<number> {
  const common = normalizeCommonOptions(raw as unknown as Parameters<typeof normalizeCommonOptions>[0])
  const options = raw as unknown as RestCommandOptions
  // A bad method is a usage error before anything starts; a left-out one is decided by the body.
  const {
    method: methodText,
    target: targetText,
    items: itemArgs,
  } = splitRestWords(firstWord, secondWord, words)
  if (targetText === undefined) {
    throw new UsageError(`rest ${firstWord} needs a URL or path.`, {
      hint: `apictl rest ${firstWord} /v1/items (or a full URL, or :4000/v1/items for localhost)`,
    })
  }
  const sending = !common.dryRun && !common.curl
  // The profile's REST base is used for a path, and for an --oauth2 token URL given as a path.
  const usesBase = targetText.startsWith('/') || common.oauth2?.tokenUrl.startsWith('/') === true
  const target = await openTarget({ profileName: common.profile, send: sending && usesBase }, ctx)
  if (target.builtin && !sending && usesBase) noteServeDefault(ctx)
  try {
    const { request } = await prepareRestRequest(
      {
        method: methodText,
        target: targetText,
        items: itemArgs,
        data: options.data,
        page: options.page,
        limit: options.limit,
        accept: options.accept,
        apiVersion: options.apiVersion,
        lint: options.lint,
        common,
        profile: target.profile,
        profileName: target.profileName,
        restBase: target.rest,
        pipedBody:
          options.ignoreStdin === true
            ? undefined
            : () => readPipedBody(ctx, (common.timeoutSeconds ?? 30) * 1000),
      },
      ctx,
    )
    return await runExchange(
      {
        request,
        common,
        profile: target.profile,
        followRedirects: options.follow === true,
        send: (built, transport, progress) =>
          sendRestRequest(built, transport, {
            all: options.all === true,
            maxPages: options.maxPages,
            onPage: (page) => progress(`fetched page ${page}, fetching the next…`),
          }),
        present: (result) => {
          if (result.truncated) {
            ctx.stderr.write(
              `warning: stopped after ${options.maxPages} pages (--max-pages); the server has more.\n`,
            )
          }
          printRestResult(result.result, common, ctx, {
            merged: result.items,
            followRedirects: options.follow === true,
          })
        },
      },
      ctx,
    )
  } finally {
    await target.close()
  }
}
