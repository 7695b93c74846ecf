import { ExitCode } from '../core/exit-codes.js'
import type { ApiError } from '../library/client-options.js'
import type { GraphQLResponse, GraphQLResponseError } from '../library/graphql-api.js'

/** What a hook shows of a finished call. */
export interface SettledState<T> {
  /** The data, partial data beside GraphQL errors included; undefined when there is none. */
  data: T | undefined
  /** A GraphQL error, a network failure, a document the schema refuses: whatever went wrong. */
  error: ApiError | undefined
  /** The response's GraphQL `errors`, as the server sent them. */
  errors: GraphQLResponseError[] | undefined
}

/**
 * The library call's result, never a rejection: the library resolves every
 * failure it knows to `{ error }`, and anything else it throws becomes one
 * too (exit code 1), so a hook never leaves an unhandled rejection behind.
 */
export async function settleResponse<T>(
  call: () => Promise<GraphQLResponse<T>>,
): Promise<GraphQLResponse<T>> {
  try {
    return await call()
  } catch (thrown) {
    const message = thrown instanceof Error ? thrown.message : String(thrown)
    return { error: { message, exitCode: ExitCode.Internal } }
  }
}

export function settledState<T>(response: GraphQLResponse<T>): SettledState<T> {
  return { data: response.data ?? undefined, error: response.error, errors: response.errors }
}
