/** The codes Apollo gives a document that cannot run: it does not parse, fails validation, or its variables do not coerce. */
const documentFailureCodes = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT'])

interface ErrorsOnly {
  data?: unknown
  errors?: { extensions?: { code?: unknown } }[]
}

/**
 * The status for Apollo's answer in `application/json`. GraphQL over HTTP
 * asks for 200 there when the request was well formed but its document
 * could not run (parse, validation or variable coercion failure: errors and
 * no `data`), since legacy clients read only the body; Apollo answers 400
 * for those in either media type. `application/graphql-response+json`
 * answers keep Apollo's 4xx, as that media type requires.
 */
export function documentFailureStatus(status: number, contentType: unknown, body: string): number {
  if (status !== 400 || typeof contentType !== 'string' || !contentType.startsWith('application/json')) {
    return status
  }
  let result: ErrorsOnly
  try {
    result = JSON.parse(body) as ErrorsOnly
  } catch {
    return status
  }
  const errors = result.errors
  const documentFailed =
    !('data' in result) &&
    Array.isArray(errors) &&
    errors.length > 0 &&
    errors.every((error) => documentFailureCodes.has(error?.extensions?.code as string))
  return documentFailed ? 200 : status
}
