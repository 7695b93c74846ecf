import { type Context, colourEnabled } from '../core/context.js'
import type { CommonOptions } from '../core/request-options.js'
import type { GraphQLResult } from '../protocols/graphql/client/decode-graphql-response.js'
import { formatGraphQLErrors } from './format-graphql-errors.js'
import { formatJson } from './format-json.js'
import { formatStatusLine } from './format-status-line.js'
import { formatTable } from './format-table.js'
import { outputWidth } from './output-width.js'
import { bytesForTerminal } from './safe-text.js'
import { createTheme } from './theme.js'
import { writeWarning } from './write-warning.js'

/**
 * stdout gets `data` (pretty, coloured on a terminal), `-o table` a table per
 * root field (tableSections), `-o json` the whole response object, `-o raw`
 * the body as received. Errors (message, path, locations with the source
 * line, extensions.code) go to stderr, with partial data still on stdout.
 * The exit code is the decoder's (result.exitCode).
 */
export function printGraphQLResult(
  result: GraphQLResult,
  common: CommonOptions,
  ctx: Context,
  source?: { text: string; name: string },
): void {
  const errColour = colourEnabled(ctx.stderr, ctx.env, common.colour)
  if (result.status >= 400 && !common.verbose) {
    ctx.stderr.write(`${formatStatusLine(result.response, { colour: errColour })}\n`)
  }
  const colour = colourEnabled(ctx.stdout, ctx.env, common.colour)
  const output = stdoutText(result, common, ctx, colour)
  if (output !== undefined) {
    if (Buffer.isBuffer(output)) ctx.stdout.write(bytesForTerminal(output, ctx.stdout))
    else ctx.stdout.write(output.endsWith('\n') ? output : `${output}\n`)
  }
  if (result.errors.length > 0) {
    ctx.stderr.write(`${formatGraphQLErrors(result.errors, { colour: errColour, source })}\n`)
  }
}

function stdoutText(
  result: GraphQLResult,
  common: CommonOptions,
  ctx: Context,
  colour: boolean,
): string | Buffer | undefined {
  switch (common.output ?? 'pretty') {
    case 'json':
      return formatJson(result.body, { colour })
    case 'raw':
      return result.response.body
    case 'table': {
      if (result.data === null || result.data === undefined) return dataText(result, colour)
      const options = { colour, columns: outputWidth(ctx.stdout, ctx.env) }
      return tableSections(result.data)
        .map(({ title, value }) => {
          const table = formatTable(value, options)
          return title === undefined ? table : `${createTheme(colour).bold(title)}\n${table}`
        })
        .join('\n\n')
    }
    case 'xml':
      writeWarning(ctx.stderr, '-o xml applies to XML bodies; showing the data as JSON.')
      return dataText(result, colour)
    default:
      return dataText(result, colour)
  }
}

/** `data` as JSON; `null` when the server answered `data: null` without errors (nothing to explain it on stderr). */
function dataText(result: GraphQLResult, colour: boolean): string | undefined {
  if (result.data === undefined) return undefined
  if (result.data === null) return result.errors.length > 0 ? undefined : formatJson(null, { colour })
  return formatJson(result.data, { colour })
}

/** One table of `-o table`: a root field's value (or the scalar root fields together), with its name. */
export interface TableSection {
  title?: string
  value: unknown
}

function isListOfObjects(value: unknown): value is object[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((item) => typeof item === 'object' && item !== null && !Array.isArray(item))
  )
}

/** The first list of objects under a value (breadth first: a connection's `edges`/`items`), else the value. */
function tabular(value: unknown): unknown {
  const queue: unknown[] = [value]
  while (queue.length > 0) {
    const next = queue.shift()
    if (isListOfObjects(next)) return next
    if (typeof next === 'object' && next !== null) queue.push(...Object.values(next))
  }
  return value
}

/**
 * What `-o table` shows, so that no root field is lost: each root field holding a list or an
 * object gets a table of its own (its first list of objects, for a wrapper such as a
 * connection), titled with its name when there are several; the scalar and null root fields
 * share one key/value table.
 */
export function tableSections(data: unknown): TableSection[] {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return [{ value: data }]
  const sections: TableSection[] = []
  const scalars: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(data)) {
    if (typeof value === 'object' && value !== null) sections.push({ title: name, value: tabular(value) })
    else scalars[name] = value
  }
  if (Object.keys(scalars).length > 0) sections.unshift({ value: scalars })
  if (sections.length === 1) return [{ value: sections[0]!.value }]
  return sections
}
