import { GraphQLError, type GraphQLFormattedError } from 'graphql'
import { ErrorCode } from './graphql-errors.js'

export const internalErrorMessage = 'Internal server error: the server log has the details'

/** The error at the bottom of GraphQL's wrapping (a resolver's own error is wrapped once or twice). */
function innermost(error: unknown): unknown {
  let inner = error
  while (
    inner instanceof GraphQLError &&
    inner.originalError !== undefined &&
    inner.originalError !== inner
  ) {
    inner = inner.originalError
  }
  return inner
}

/**
 * A `formatError` for Apollo (and graphql-ws): errors meant for the client go
 * out as they are: those with a code (BAD_USER_INPUT, NOT_FOUND,
 * UNAUTHENTICATED, Apollo's request errors) and GraphQL's own (a variable
 * that does not coerce). Anything else was thrown inside the server (a bug, a
 * data file that cannot be written): the client gets a generic message with
 * the error's path, the log gets the real one.
 */
export function maskInternalErrors(
  log: ((line: string) => void) | undefined,
): (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError {
  return (formatted, error) => {
    const code = formatted.extensions?.code
    const cause = innermost(error)
    if ((code !== undefined && code !== ErrorCode.internal) || cause instanceof GraphQLError) return formatted
    const where = formatted.path === undefined ? '' : ` at ${formatted.path.join('.')}`
    const detail = cause instanceof Error ? (cause.stack ?? cause.message) : String(cause)
    log?.(`graphql: internal error${where}: ${detail}`)
    return {
      message: internalErrorMessage,
      ...(formatted.locations === undefined ? {} : { locations: formatted.locations }),
      ...(formatted.path === undefined ? {} : { path: formatted.path }),
      extensions: { code: ErrorCode.internal },
    }
  }
}
