import { getIntrospectionQuery, type IntrospectionQuery } from 'graphql'
import { ApictlError } from '../../../core/errors.js'
import { ExitCode } from '../../../core/exit-codes.js'
import type { SendFunction, TransportOptions } from '../../../transport/transport-options.js'
import { prepareGraphQLRequest } from './build-graphql-request.js'
import type { GraphQLCall, PreparedGraphQLRequest } from './graphql-call.js'
import { sendGraphQLRequest } from './send-graphql-request.js'

/** The introspection request for an endpoint: a POST like any other, with the caller's headers and auth. */
export function prepareIntrospection(
  base: Omit<GraphQLCall, 'query' | 'method' | 'operationName' | 'variables'>,
): PreparedGraphQLRequest {
  return prepareGraphQLRequest({
    ...base,
    query: getIntrospectionQuery(),
    method: 'POST',
    operationName: 'IntrospectionQuery',
  })
}

/**
 * Fetches the endpoint's schema by introspection through the shared
 * transport. A server that refuses (introspection disabled, auth needed)
 * is an error with its message and what to do instead.
 */
export async function fetchIntrospection(
  prepared: PreparedGraphQLRequest,
  transport: TransportOptions,
  send?: SendFunction,
): Promise<IntrospectionQuery> {
  const { url } = prepared.call
  const result = await sendGraphQLRequest(prepared, transport, send)
  const data = result.data as IntrospectionQuery | null | undefined
  if (result.errors.length === 0 && data && typeof data.__schema === 'object' && data.__schema !== null)
    return data
  const reason = result.errors.map((error) => error.message).join('; ') || 'no __schema in the answer'
  throw new ApictlError(
    `Could not read the schema of ${url} by introspection: ${reason.replace(/[.\s]+$/, '')}.`,
    result.exitCode === ExitCode.Ok ? ExitCode.BadResponse : result.exitCode,
    {
      where: `POST ${url}`,
      hint: 'Validate against a local copy with --schema FILE.graphql, or send without validating: --no-validate.',
    },
  )
}
