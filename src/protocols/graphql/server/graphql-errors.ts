import { GraphQLError } from 'graphql'
import type { FieldProblem } from '../../../server/kit/store-error.js'

/** The `extensions.code` values this server's resolvers use, beside Apollo's own. */
export const ErrorCode = {
  badUserInput: 'BAD_USER_INPUT',
  notFound: 'NOT_FOUND',
  unauthenticated: 'UNAUTHENTICATED',
  internal: 'INTERNAL_SERVER_ERROR',
  insufficientStorage: 'INSUFFICIENT_STORAGE',
  storeBusy: 'STORE_BUSY',
} as const

/**
 * Arguments the store refused: the message names each field and says why;
 * `extensions.field` is the first one and `extensions.problems` all of them,
 * named by their path in the arguments (`input.name`, `limit`).
 */
export function badUserInput(problems: readonly FieldProblem[]): GraphQLError {
  const message = problems.map((problem) => `${problem.field} ${problem.message}`).join('; ')
  return new GraphQLError(message, {
    extensions: { code: ErrorCode.badUserInput, field: problems[0]?.field, problems },
  })
}

export function notFound(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: ErrorCode.notFound } })
}

export function unauthenticated(field: string, reason: string): GraphQLError {
  return new GraphQLError(`${field} needs credentials: ${reason}`, {
    extensions: { code: ErrorCode.unauthenticated },
  })
}

/** A write the data file could not take (disk full, locked too long): nothing was written. */
export function storageFailed(code: 'INSUFFICIENT_STORAGE' | 'STORE_BUSY', message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code } })
}

/** The error with `extensions.code` set (graphql-js's own errors have none). */
export function withCode(error: GraphQLError, code: string): GraphQLError {
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    extensions: { ...error.extensions, code },
  })
}
