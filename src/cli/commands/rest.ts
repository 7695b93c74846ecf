import type { Context } from '../../core/context.js'
import { openTarget } from '../../exchange/open-target.js'
import { prepareRestRequest } from '../../exchange/rest/prepare-rest-request.js'
import { runExchange } from '../../exchange/run-exchange.js'
import { normalizeCommonOptions } from '../../options/common-options.js'
import { parseRestMethod } from '../../protocols/rest/client/rest-method.js'
import { sendRestRequest } from '../../protocols/rest/client/send-rest-request.js'
import { noteServeDefault } from '../../render/note-serve-default.js'
import { printRestResult } from '../../render/print-rest-result.js'
import type { RestCommandOptions } from './rest-command.js'

/** `apictl rest METHOD URL-OR-PATH [ITEM ...]`: typed options → build → send → decode → render → exit code. */
export async function runRest(
  methodText: string,
  targetText: string,
  itemArgs: string[],
  raw: Record<string, unknown>,
  ctx: Context,
): Promise<number> {
  const common = normalizeCommonOptions(raw as unknown as Parameters<typeof normalizeCommonOptions>[0])
  const options = raw as unknown as RestCommandOptions
  parseRestMethod(methodText) // a bad method is a usage error before anything starts
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
