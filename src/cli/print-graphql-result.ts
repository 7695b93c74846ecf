import { type Context, colourEnabled } from '../core/context.js'
import type { CommonOptions } from '../core/request-options.js'
import type { GraphQLResult } from '../protocols/graphql/client/decode-graphql-response.js'
import { formatGraphQLErrors } from '../render/format-graphql-errors.js'
import { formatJson } from '../render/format-json.js'
import { formatStatusLine } from '../render/format-status-line.js'
import { formatTable } from '../render/format-table.js'

/**
 * stdout gets `data` (pretty, coloured on a terminal), `-o table` the first
 * list of objects under it, `-o json` the whole response object, `-o raw`
 * the body as received. Errors (message, path, locations with the source
 * line, extensions.code) go to stderr, with partial data still on stdout.
 * Returns the exit code: 0, 4 for errors or a 4xx, 5 for a 5xx.
 */
export function printGraphQLResult(
  result: GraphQLResult,
  common: CommonOptions,
  ctx: Context,
  source?: { text: string; name: string },
): number {
  const errColour = colourEnabled(ctx.stderr, ctx.env, common.colour)
  if (result.status >= 400 && !common.verbose) {
    ctx.stderr.write(`${formatStatusLine(result.response, { colour: errColour })}\n`)
  }
  const colour = colourEnabled(ctx.stdout, ctx.env, common.colour)
  const output = stdoutText(result, common, ctx, colour)
  if (output !== undefined) {
    if (Buffer.isBuffer(output)) ctx.stdout.write(output)
    else ctx.stdout.write(output.endsWith('\n') ? output : `${output}\n`)
  }
  if (result.errors.length > 0) {
    ctx.stderr.write(`${formatGraphQLErrors(result.errors, { colour: errColour, source })}\n`)
  }
  return result.exitCode
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
    case 'table':
      if (result.data === null || result.data === undefined) return undefined
      return formatTable(tableValue(result.data), { colour, columns: ctx.stdout.columns ?? 100 })
    case 'xml':
      ctx.stderr.write('warning: -o xml applies to XML bodies; showing the data as JSON.\n')
      return dataText(result, colour)
    default:
      return dataText(result, colour)
  }
}

function dataText(result: GraphQLResult, colour: boolean): string | undefined {
  if (result.data === null || result.data === undefined) return undefined
  return formatJson(result.data, { colour })
}

/**
 * What `-o table` shows: the first list of objects under `data` (breadth
 * first), else the single root field's value, else `data` itself.
 */
export function tableValue(data: unknown): unknown {
  const queue: unknown[] = [data]
  while (queue.length > 0) {
    const value = queue.shift()
    if (Array.isArray(value)) {
      if (
        value.length > 0 &&
        value.every((item) => typeof item === 'object' && item !== null && !Array.isArray(item))
      )
        return value
      continue
    }
    if (typeof value === 'object' && value !== null) queue.push(...Object.values(value))
  }
  if (typeof data === 'object' && data !== null) {
    const values = Object.values(data)
    if (values.length === 1) return values[0]
  }
  return data
}
