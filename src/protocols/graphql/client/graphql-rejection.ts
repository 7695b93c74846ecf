import { ApictlError } from '../../../core/errors.js'
import { ExitCode } from '../../../core/exit-codes.js'
import type { GraphQLResponseError } from './decode-graphql-response.js'

/** The server refused an operation with GraphQL errors (e.g. a subscription it would not start). Exit 4. */
export class GraphQLRejection extends ApictlError {
  readonly errors: GraphQLResponseError[]

  constructor(errors: GraphQLResponseError[], where: string) {
    const first = errors[0]?.message ?? 'the server refused the operation'
    super(
      `The server refused the operation: ${first}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''}`,
      ExitCode.Rejected,
      { where },
    )
    this.errors = errors
  }
}
