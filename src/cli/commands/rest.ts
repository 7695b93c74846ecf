import { readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Context } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import { exitCodeForStatus } from '../../core/exit-codes.js'
import { openTarget } from '../../engine/open-target.js'
import { requestDefaults } from '../../engine/request-defaults.js'
import { hasVersionSegment, rewriteApiVersion } from '../../protocols/rest/api-version.js'
import { buildRestRequest } from '../../protocols/rest/client/build-rest-request.js'
import { resolveRestUrl } from '../../protocols/rest/client/resolve-rest-url.js'
import { parseRestMethod } from '../../protocols/rest/client/rest-method.js'
import { sendRestRequest } from '../../protocols/rest/client/send-rest-request.js'
import { applyRequestItems } from '../../protocols/rest/items/apply-request-items.js'
import { parseRequestItem } from '../../protocols/rest/items/parse-request-item.js'
import { normalizeCommonOptions } from '../common-options.js'
import { printLintWarnings } from '../print-lint-warnings.js'
import { printRestResult } from '../print-rest-result.js'
import { readDataOption } from '../read-data-option.js'
import { runExchange } from '../run-exchange.js'
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
  const method = parseRestMethod(methodText)
  const items = applyRequestItems(itemArgs.map(parseRequestItem), (file) =>
    readFileSync(inCwd(file, ctx), 'utf8'),
  )
  if (options.data !== undefined && items.body !== undefined) {
    throw new UsageError('Give the body either as --data or as field items, not both.', {
      hint: 'Drop --data, or move the fields into the JSON you pass to --data.',
    })
  }
  const rawBody = options.data === undefined ? undefined : await readDataOption(options.data, ctx)
  const sending = !common.dryRun && !common.curl
  const target = await openTarget(
    { profileName: common.profile, send: sending && targetText.startsWith('/') },
    ctx,
  )
  try {
    let url = resolveRestUrl(targetText, target.rest, target.profileName)
    if (options.apiVersion !== undefined) {
      if (!hasVersionSegment(url.pathname)) {
        ctx.stderr.write(
          `warning: --api-version ${options.apiVersion}: ${url.pathname} has no leading /vN/ segment to rewrite.\n`,
        )
      }
      url = new URL(rewriteApiVersion(url.toString(), options.apiVersion))
    }
    if (options.lint) printLintWarnings(url.pathname, ctx, common.colour)
    const query = [...items.query]
    if (options.page !== undefined) query.push(['page', String(options.page)])
    if (options.limit !== undefined) query.push(['limit', String(options.limit)])
    const defaults = requestDefaults(common, target.profile)
    const request = buildRestRequest({
      method,
      url,
      headers: [...defaults.headers, ...items.headers],
      unsetHeaders: [...defaults.unsetHeaders, ...items.unsetHeaders],
      query,
      json: items.body,
      rawBody,
      accept: options.accept,
      oauth2: defaults.oauth2,
    })
    return await runExchange(
      {
        request,
        common,
        profile: target.profile,
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
          printRestResult(result.result, common, ctx, result.items)
          return exitCodeForStatus(result.result.status)
        },
      },
      ctx,
    )
  } finally {
    await target.close()
  }
}

/** A file named in an item or option: `~/` is the home directory, anything else is relative to the current directory. */
function inCwd(file: string, ctx: Context): string {
  if (file === '~' || file.startsWith('~/')) return join(ctx.env.HOME ?? homedir(), file.slice(1))
  return resolve(ctx.cwd, file)
}
