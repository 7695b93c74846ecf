import type { Context } from '../../core/context.js'
import { ApictlError } from '../../core/errors.js'
import { ExitCode } from '../../core/exit-codes.js'
import type { GqlOptionValues } from '../../options/gql-options.js'
import { printGraphQLSchema } from '../../render/print-graphql-schema.js'
import { safeMessage } from '../../render/safe-text.js'
import { withGqlClient } from './gql.js'

/**
 * `apictl gql schema [--refresh]`: the schema as SDL with its descriptions
 * (coloured on a terminal), `-o json` the introspection result. Uses the
 * cached copy unless --refresh; --schema FILE prints that file's schema;
 * --dry-run/--curl print the introspection request.
 */
export async function runGqlSchema(raw: GqlOptionValues, ctx: Context): Promise<number> {
  return withGqlClient(raw, ctx, async ({ client, options, settings, endpoint }) => {
    if (client.offline && options.schema === undefined) {
      return client.exchange(await client.prepareIntrospection(settings), settings, () => {})
    }
    const loaded = await client.schema({ ...settings, refresh: options.refresh === true })
    if (loaded === undefined) throw new ApictlError('No schema available.', ExitCode.Internal)
    if (options.refresh && loaded.origin === 'introspection') {
      ctx.stderr.write(`apictl: refreshed the schema of ${safeMessage(await endpoint())}.\n`)
    }
    printGraphQLSchema(loaded, settings.common, ctx)
    return ExitCode.Ok
  })
}
