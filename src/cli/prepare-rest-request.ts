import { readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Profile } from '../config/profile.js'
import type { Context } from '../core/context.js'
import { UsageError } from '../core/errors.js'
import type { HttpRequest } from '../core/exchange.js'
import type { CommonOptions } from '../core/request-options.js'
import { requestDefaults } from '../engine/request-defaults.js'
import { hasVersionSegment, rewriteApiVersion } from '../protocols/rest/api-version.js'
import { buildRestRequest } from '../protocols/rest/client/build-rest-request.js'
import { resolveRestUrl } from '../protocols/rest/client/resolve-rest-url.js'
import { parseRestMethod } from '../protocols/rest/client/rest-method.js'
import { applyRequestItems } from '../protocols/rest/items/apply-request-items.js'
import { parseRequestItem } from '../protocols/rest/items/parse-request-item.js'
import { printLintWarnings } from './print-lint-warnings.js'
import { readDataOption } from './read-data-option.js'

/** What `apictl rest` and a REPL REST line have read from their words, before the request exists. */
export interface RestCallInput {
  method: string
  target: string
  items: string[]
  data?: string
  page?: number
  limit?: number
  accept?: string
  apiVersion?: string
  lint: boolean
  common: CommonOptions
  profile: Profile
  profileName: string
  restBase: string | undefined
}

/**
 * The REST half of the pipeline up to the built request, shared by the CLI
 * and the REPL: request items, the body (--data or fields), the URL against
 * the REST base with --api-version applied, the path-conventions check
 * (warnings on stderr), paging parameters, profile headers and auth.
 */
export async function prepareRestRequest(
  input: RestCallInput,
  ctx: Context,
): Promise<{ request: HttpRequest; url: URL }> {
  const method = parseRestMethod(input.method)
  const items = applyRequestItems(input.items.map(parseRequestItem), (file) =>
    readFileSync(inCwd(file, ctx), 'utf8'),
  )
  if (input.data !== undefined && items.body !== undefined) {
    throw new UsageError('Give the body either as --data or as field items, not both.', {
      hint: 'Drop --data, or move the fields into the JSON you pass to --data.',
    })
  }
  const rawBody = input.data === undefined ? undefined : await readDataOption(input.data, ctx)
  let url = resolveRestUrl(input.target, input.restBase, input.profileName)
  if (input.apiVersion !== undefined) {
    if (!hasVersionSegment(url.pathname)) {
      ctx.stderr.write(
        `warning: --api-version ${input.apiVersion}: ${url.pathname} has no leading /vN/ segment to rewrite.\n`,
      )
    }
    url = new URL(rewriteApiVersion(url.toString(), input.apiVersion))
  }
  if (input.lint) printLintWarnings(url.pathname, ctx, input.common.colour)
  const query = [...items.query]
  if (input.page !== undefined) query.push(['page', String(input.page)])
  if (input.limit !== undefined) query.push(['limit', String(input.limit)])
  const defaults = requestDefaults(input.common, input.profile)
  const request = buildRestRequest({
    method,
    url,
    headers: [...defaults.headers, ...items.headers],
    unsetHeaders: [...defaults.unsetHeaders, ...items.unsetHeaders],
    query,
    json: items.body,
    rawBody,
    accept: input.accept,
    oauth2: defaults.oauth2,
  })
  return { request, url }
}

/** A file named in an item or option: `~/` is the home directory, anything else is relative to the current directory. */
function inCwd(file: string, ctx: Context): string {
  if (file === '~' || file.startsWith('~/')) return join(ctx.env.HOME ?? homedir(), file.slice(1))
  return resolve(ctx.cwd, file)
}
