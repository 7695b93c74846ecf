import { Kind, type OperationDefinitionNode } from 'graphql'
import { type Context, colourEnabled } from '../../core/context.js'
import { ExitCode } from '../../core/exit-codes.js'
import { checkOperation } from '../../protocols/graphql/client/check-operation.js'
import { parseDocument } from '../../protocols/graphql/client/parse-document.js'
import { validateDocument } from '../../protocols/graphql/client/validate-document.js'
import { createTheme } from '../../render/theme.js'
import { withGqlSession } from './gql.js'
import { readDocument, readVariablesOption } from './gql-input.js'

/**
 * `apictl gql validate [QUERY]`: the checks `apictl gql` makes before
 * sending (syntax, schema, and the variables when given), sending nothing
 * but the schema's introspection when it is not cached. "valid" on stderr
 * and exit 0, or the problems with carets and exit 2.
 */
export async function runGqlValidate(
  query: string | undefined,
  raw: Record<string, unknown>,
  ctx: Context,
): Promise<number> {
  return withGqlSession(
    raw,
    ctx,
    async (session) => {
      const { options } = session
      const source = await readDocument(query, options.file, ctx)
      const parsed = parseDocument(source)
      const loaded = options.validate ? await session.schema() : undefined
      const variables = await readVariablesOption(options.variables, ctx)
      const operations = parsed.document.definitions.filter(
        (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
      )
      if (
        options.operation !== undefined ||
        variables !== undefined ||
        (options.var ?? []).length > 0 ||
        operations.length === 1
      ) {
        checkOperation(parsed, {
          schema: loaded?.schema,
          schemaHint: loaded?.hint,
          operationName: options.operation,
          variables,
          variableOptions: options.var,
        })
      } else if (loaded) {
        validateDocument(loaded.schema, parsed, loaded.hint)
      }
      const names = operations.map((operation) =>
        operation.name
          ? `${operation.operation} ${operation.name.value}`
          : `anonymous ${operation.operation}`,
      )
      const against = loaded
        ? `checked against ${loaded.description}`
        : 'syntax only, not checked against a schema'
      const green = createTheme(colourEnabled(ctx.stderr, ctx.env, session.common.colour)).status(200)
      ctx.stderr.write(
        `${green('valid')}: ${names.join(', ') || 'fragments only'} in ${source.name}; ${against}\n`,
      )
      return ExitCode.Ok
    },
    { sends: false },
  )
}
