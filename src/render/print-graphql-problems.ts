import { type Context, colourEnabled } from '../core/context.js'
import type { GraphQLDocumentError } from '../protocols/graphql/client/document-error.js'
import type { GraphQLRejection } from '../protocols/graphql/client/graphql-rejection.js'
import { formatGraphQLErrors } from './format-graphql-errors.js'
import { createTheme } from './theme.js'
import { labelledLines } from './wrap-words.js'

/**
 * A document that cannot be sent, on stderr: each problem with the source
 * line and a caret under the column, then what to try (its exit code: error.exitCode, 2).
 */
export function printDocumentError(error: GraphQLDocumentError, ctx: Context, colourFlag?: boolean): void {
  const colour = colourEnabled(ctx.stderr, ctx.env, colourFlag)
  ctx.stderr.write(`${formatGraphQLErrors(error.problems, { colour, source: error.source })}\n`)
  if (error.hint) {
    const painted = `  ${createTheme(colour).dim('try:')}   `
    ctx.stderr.write(`${labelledLines(ctx.stderr, '  try:   ', painted, error.hint).join('\n')}\n`)
  }
}

/** GraphQL errors the server answered with instead of running the operation (a refused subscription). */
export function printRejection(
  error: GraphQLRejection,
  ctx: Context,
  source: { text: string; name: string } | undefined,
  colourFlag?: boolean,
): void {
  const colour = colourEnabled(ctx.stderr, ctx.env, colourFlag)
  ctx.stderr.write(`${formatGraphQLErrors(error.errors, { colour, source })}\n`)
}
