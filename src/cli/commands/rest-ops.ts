import { type Context, colourEnabled } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import { openLazyTarget } from '../../exchange/open-target.js'
import { loadOpenApi } from '../../exchange/rest/load-openapi.js'
import { normalizeCommonOptions } from '../../options/common-options.js'
import type { RestOptionValues } from '../../options/rest-options.js'
import {
  describeOperation,
  type FieldView,
  type OperationView,
} from '../../protocols/rest/openapi/describe-operation.js'
import { matchOperation } from '../../protocols/rest/openapi/match-operation.js'
import { formatJson } from '../../render/format-json.js'
import { formatTable } from '../../render/format-table.js'
import { outputWidth } from '../../render/output-width.js'
import { escapeControl } from '../../render/safe-text.js'

/**
 * `apictl rest ops [PATH]`: the operations the OpenAPI document declares
 * (--openapi, the profile's, or the one discovered at the REST base), or one
 * path in detail. `-o json` for scripts, `-o table` for a grid.
 */
export async function runRestOps(
  path: string | undefined,
  extra: string[],
  options: RestOptionValues,
  ctx: Context,
): Promise<number> {
  if (extra.length > 0) {
    throw new UsageError('apictl rest ops takes at most one path.', {
      hint: 'For example: apictl rest ops /v1/items',
    })
  }
  const common = normalizeCommonOptions(options)
  // The built-in server starts only when its document is not cached yet.
  const lazy =
    options.openapi === undefined ? await openLazyTarget({ profileName: common.profile }, ctx) : undefined
  const where = (fetch: boolean) => ({
    flag: options.openapi,
    profileSource: lazy?.current.profile.openapi,
    discoverAt: lazy?.current.rest,
    builtin: lazy?.current.builtin === true,
    refresh: fetch && options.refresh === true,
    fetch,
    insecure: common.insecure || lazy?.current.profile.insecure === true,
  })
  try {
    let loaded = options.refresh === true ? undefined : await loadOpenApi(where(false), ctx)
    if (loaded === undefined) {
      await lazy?.start()
      loaded = await loadOpenApi(where(true), ctx)
    }
    const profile = lazy?.current
    if (loaded === undefined) {
      throw new UsageError(`No OpenAPI document was found for ${profile?.rest ?? 'this profile'}.`, {
        hint: 'Give one with --openapi URL|FILE, or store it with apictl profile add NAME --openapi URL|FILE.',
      })
    }
    const { index } = loaded
    let operations = index.operations
    if (path !== undefined) {
      const pathname = path.replace(/^https?:\/\/[^/]+/i, '').replace(/[?#].*$/s, '')
      const exact = operations.filter((op) => op.path === pathname)
      if (exact.length > 0) operations = exact
      else {
        const found = matchOperation(index, 'GET', pathname)
        const template = found.kind === 'found' || found.kind === 'no-method' ? found.template : undefined
        if (template === undefined) {
          const near =
            found.kind === 'no-path' && found.suggestions.length > 0
              ? ` Did you mean ${found.suggestions.join(', ')}?`
              : ''
          throw new UsageError(`${pathname} is not a path the OpenAPI document declares.${near}`, {
            where: loaded.source,
            hint: 'apictl rest ops lists every path.',
          })
        }
        operations = operations.filter((op) => op.path === template)
      }
    }
    const views = operations.map((op) => describeOperation(index, op))
    const colour = colourEnabled(ctx.stdout, ctx.env, common.colour)
    if (common.output === 'json') ctx.stdout.write(`${formatJson(views, { colour })}\n`)
    else if (common.output === 'table') {
      const rows = views.map((view) => ({
        method: view.method,
        path: view.path,
        operationId: view.operationId ?? '',
        summary: view.summary ?? '',
        parameters: view.parameters.map(fieldText).join(', '),
        body: (view.body?.fields ?? []).map(fieldText).join(', '),
      }))
      ctx.stdout.write(`${formatTable(rows, { colour, columns: outputWidth(ctx.stdout, ctx.env) })}\n`)
    } else
      ctx.stdout.write(path === undefined ? listText(views, index.title, loaded.source) : detailText(views))
    return 0
  } finally {
    await lazy?.close()
  }
}

const clean = (text: string) => escapeControl(text, { newlines: false })

function fieldText(field: FieldView): string {
  const enumText =
    field.enum === undefined ? '' : ` ${field.enum.map((each) => JSON.stringify(each)).join('|')}`
  return `${field.name}${field.required ? '' : '?'}: ${field.type}${enumText}`
}

function listText(views: OperationView[], title: string, source: string): string {
  const lines = [`${clean(title || 'OpenAPI document')} (${clean(source)}): ${views.length} operations`]
  const width = Math.min(60, Math.max(0, ...views.map((view) => view.path.length)))
  for (const view of views) {
    const id = view.operationId === undefined ? '' : `  ${view.operationId}`
    const summary = view.summary === undefined ? '' : `  — ${view.summary}`
    lines.push(clean(`  ${view.method.padEnd(7)} ${view.path.padEnd(width)}${id}${summary}`))
  }
  return `${lines.join('\n')}\n`
}

function detailText(views: OperationView[]): string {
  const lines: string[] = []
  for (const view of views) {
    lines.push(
      clean(`${view.method} ${view.path}${view.operationId === undefined ? '' : `  (${view.operationId})`}`),
    )
    if (view.summary !== undefined) lines.push(clean(`  ${view.summary}`))
    for (const param of view.parameters) lines.push(clean(`  ${param.in.padEnd(6)} ${fieldText(param)}`))
    if (view.body !== undefined) {
      lines.push(clean(`  body   ${view.body.contentType}${view.body.required ? '' : ' (optional)'}`))
      for (const field of view.body.fields) lines.push(clean(`    ${fieldText(field)}`))
    }
    lines.push('')
  }
  return lines.join('\n')
}
