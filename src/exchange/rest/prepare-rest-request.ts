import { readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Profile } from '../../config/profile.js'
import type { Context } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import { type HttpRequest, isJsonType } from '../../core/exchange.js'
import type { CommonOptions } from '../../core/request-options.js'
import {
  hasVersionSegment,
  normalizeApiVersion,
  rewriteApiVersion,
} from '../../protocols/rest/api-version.js'
import { buildRestRequest } from '../../protocols/rest/client/build-rest-request.js'
import { resolveRestUrl } from '../../protocols/rest/client/resolve-rest-url.js'
import { parseRestMethod } from '../../protocols/rest/client/rest-method.js'
import { applyRequestItems } from '../../protocols/rest/items/apply-request-items.js'
import { parseRequestItem } from '../../protocols/rest/items/parse-request-item.js'
import { lintPath } from '../../protocols/rest/path-lint.js'
import { printLintWarnings } from '../../render/print-lint-warnings.js'
import { readDataOption } from '../read-data-option.js'
import { type HeaderEdit, type RequestDefaults, requestDefaults } from '../request-defaults.js'

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
  const { url, typedPath } = resolveUrl(input, ctx)
  if (input.lint) printLintWarnings(typedPath, lintPath(typedPath), ctx, input.common.colour)
  const query = [...items.query]
  for (const [name, value] of [
    ['page', input.page],
    ['limit', input.limit],
  ] as const) {
    if (value === undefined) continue
    checkPagingParameter(name, value, query, url)
    query.push([name, String(value)])
  }
  const defaults = requestDefaults(input.common, input.profile, [
    ...items.headers,
    ...items.unsetHeaders.map((name): HeaderEdit => [name, undefined]),
  ])
  // --data is checked to be JSON unless the user says the body is something else.
  const contentType = sentContentType(defaults)
  const rawBody =
    input.data === undefined
      ? undefined
      : await readDataOption(input.data, ctx, { json: contentType === undefined || isJsonType(contentType) })
  const request = buildRestRequest({
    method,
    url,
    headers: defaults.headers,
    unsetHeaders: defaults.unsetHeaders,
    query,
    json: items.body,
    rawBody,
    accept: input.accept,
    oauth2: defaults.oauth2,
  })
  return { request, url }
}

/**
 * The URL, with --api-version applied to the path the user typed (a path
 * before the REST base is prefixed, so a base such as http://h/api keeps its
 * path), and that typed path: the conventions are checked on it alone.
 */
function resolveUrl(input: RestCallInput, ctx: Context): { url: URL; typedPath: string } {
  const isPath = input.target.startsWith('/')
  let typed = input.target
  if (isPath && input.apiVersion !== undefined) typed = withApiVersion(typed, input.apiVersion, ctx)
  let url = resolveRestUrl(typed, input.restBase, input.profileName)
  if (!isPath && input.apiVersion !== undefined) {
    url = new URL(withApiVersion(url.toString(), input.apiVersion, ctx))
  }
  return { url, typedPath: isPath ? typed.replace(/[?#].*$/s, '') : url.pathname }
}

function withApiVersion(urlOrPath: string, version: string, ctx: Context): string {
  normalizeApiVersion(version) // a bad version is a usage error before any warning
  if (!hasVersionSegment(urlOrPath)) {
    const path = urlOrPath.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, '').replace(/[?#].*$/s, '') || '/'
    ctx.stderr.write(`warning: --api-version ${version}: ${path} has no leading /vN/ segment to rewrite.\n`)
  }
  return rewriteApiVersion(urlOrPath, version)
}

/** `--page 2` and `page==9` (or `?page=9` in the URL) would send both: a usage error naming them. */
function checkPagingParameter(
  name: 'page' | 'limit',
  value: number,
  query: ReadonlyArray<[string, string]>,
  url: URL,
): void {
  const given = query.find(([each]) => each === name)?.[1] ?? url.searchParams.get(name)
  if (given === undefined || given === null) return
  throw new UsageError(`--${name} ${value} and ${name}=${given} both set the ${name}.`, {
    where: `--${name}`,
    hint: `Give one: --${name} ${value}, or ${name}==${given}.`,
  })
}

/** The Content-Type the profile or the command line sets (the last one given), unless unset. */
function sentContentType(defaults: RequestDefaults): string | undefined {
  if (defaults.unsetHeaders.some((name) => name.toLowerCase() === 'content-type')) return undefined
  const values = defaults.headers.filter(([name]) => name.toLowerCase() === 'content-type')
  const value = values.at(-1)?.[1]
  return Array.isArray(value) ? value.at(-1) : value
}

/** A file named in an item or option: `~/` is the home directory, anything else is relative to the current directory. */
function inCwd(file: string, ctx: Context): string {
  if (file === '~' || file.startsWith('~/')) return join(ctx.env.HOME ?? homedir(), file.slice(1))
  return resolve(ctx.cwd, file)
}
