import { printSchema } from 'graphql'
import { type Context, colourEnabled } from '../core/context.js'
import type { CommonOptions } from '../core/request-options.js'
import type { LoadedSchema } from '../protocols/graphql/client/load-schema.js'
import { formatGraphQLSdl } from './format-graphql-sdl.js'
import { formatJson } from './format-json.js'
import { forTerminal } from './safe-text.js'

/**
 * A schema on stdout: SDL with its descriptions (coloured on a terminal), or
 * with `-o json`/`-o raw` the introspection result. Other formats do not
 * apply to a schema: SDL, with a warning.
 */
export function printGraphQLSchema(
  loaded: LoadedSchema,
  options: Pick<CommonOptions, 'output' | 'colour'>,
  ctx: Context,
): void {
  const colour = colourEnabled(ctx.stdout, ctx.env, options.colour)
  if (options.output === 'json' || options.output === 'raw') {
    ctx.stdout.write(`${formatJson(loaded.introspection, { colour: options.output === 'json' && colour })}\n`)
    return
  }
  if (options.output === 'table' || options.output === 'xml') {
    ctx.stderr.write(
      `warning: -o ${options.output} does not apply to a schema; showing it as SDL (-o json: the introspection result).\n`,
    )
  }
  // Descriptions are the server's text: shown, never obeyed, on a terminal.
  ctx.stdout.write(`${formatGraphQLSdl(forTerminal(printSchema(loaded.schema), ctx.stdout), { colour })}\n`)
}
