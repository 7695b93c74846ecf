import { printSchema } from 'graphql'
import { type Context, colourEnabled } from '../../core/context.js'
import { ApictlError } from '../../core/errors.js'
import { ExitCode } from '../../core/exit-codes.js'
import { runExchange } from '../../exchange/run-exchange.js'
import { buildGraphQLRequest } from '../../protocols/graphql/client/build-graphql-request.js'
import { introspectionCall } from '../../protocols/graphql/client/fetch-introspection.js'
import { formatGraphQLSdl } from '../../render/format-graphql-sdl.js'
import { formatJson } from '../../render/format-json.js'
import { withGqlSession } from './gql.js'

/**
 * `apictl gql schema [--refresh]`: the schema as SDL with its descriptions
 * (coloured on a terminal), `-o json` the introspection result. Uses the
 * cached copy unless --refresh; --schema FILE prints that file's schema.
 */
export async function runGqlSchema(raw: Record<string, unknown>, ctx: Context): Promise<number> {
  return withGqlSession(raw, ctx, async (session) => {
    const { common, options } = session
    if (session.offline && options.schema === undefined) {
      const call = introspectionCall(session.call({ query: '' }))
      return await runExchange(
        {
          request: buildGraphQLRequest(call),
          common,
          profile: session.profile,
          send: (): Promise<{ exitCode: number }> =>
            Promise.reject(new Error('unreachable: --dry-run/--curl send nothing')),
          present: () => {},
        },
        ctx,
      )
    }
    const loaded = await session.schema(options.refresh === true)
    if (loaded === undefined) throw new ApictlError('No schema available.', ExitCode.Internal)
    if (options.refresh && loaded.origin === 'introspection') {
      ctx.stderr.write(`apictl: refreshed the schema of ${session.endpoint}.\n`)
    }
    const colour = colourEnabled(ctx.stdout, ctx.env, common.colour)
    if (common.output === 'json' || common.output === 'raw') {
      ctx.stdout.write(
        `${formatJson(loaded.introspection, { colour: common.output === 'json' && colour })}\n`,
      )
    } else {
      if (common.output === 'table' || common.output === 'xml') {
        ctx.stderr.write(
          `warning: -o ${common.output} does not apply to a schema; showing it as SDL (-o json: the introspection result).\n`,
        )
      }
      ctx.stdout.write(`${formatGraphQLSdl(printSchema(loaded.schema), { colour })}\n`)
    }
    return ExitCode.Ok
  })
}
