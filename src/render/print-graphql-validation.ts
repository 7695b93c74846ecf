import type { OperationDefinitionNode } from 'graphql'
import { type Context, colourEnabled } from '../core/context.js'
import type { LoadedSchema } from '../protocols/graphql/client/load-schema.js'
import { createTheme } from './theme.js'

/** gql validate's verdict on stderr: "valid", the operations, the source, and what it was checked against. */
export function printValidDocument(
  checked: { operations: readonly OperationDefinitionNode[]; loaded?: LoadedSchema },
  sourceName: string,
  ctx: Context,
  colourFlag?: boolean,
): void {
  const names = checked.operations.map((operation) =>
    operation.name ? `${operation.operation} ${operation.name.value}` : `anonymous ${operation.operation}`,
  )
  const against = checked.loaded
    ? `checked against ${checked.loaded.description}`
    : 'syntax only, not checked against a schema'
  const green = createTheme(colourEnabled(ctx.stderr, ctx.env, colourFlag)).status(200)
  ctx.stderr.write(
    `${green('valid')}: ${names.join(', ') || 'fragments only'} in ${sourceName}; ${against}\n`,
  )
}
