import type { Context } from '../../core/context.js'
import { ExitCode } from '../../core/exit-codes.js'
import { readDocument } from '../../exchange/graphql/graphql-input.js'
import type { GqlOptionValues } from '../../options/gql-options.js'
import { printValidDocument } from '../../render/print-graphql-validation.js'
import { documentSettings, withGqlClient } from './gql.js'

/**
 * `apictl gql validate [QUERY]`: the checks `apictl gql` makes before
 * sending (syntax, schema, and the variables when given), sending nothing
 * but the schema's introspection when it is not cached. "valid" on stderr
 * and exit 0, or the problems with carets and exit 2.
 */
export async function runGqlValidate(
  query: string | undefined,
  raw: GqlOptionValues,
  ctx: Context,
): Promise<number> {
  return withGqlClient(
    raw,
    ctx,
    async (gql) => {
      const source = await readDocument(query, gql.options.file, ctx)
      const checked = await gql.client.validate(source, await documentSettings(gql))
      printValidDocument(checked, source.name, ctx, gql.settings.common.colour)
      return ExitCode.Ok
    },
    { sends: false },
  )
}
