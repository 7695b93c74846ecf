import type { ApictlError } from '../core/errors.js'
import { redactUrlsIn } from '../core/redact-url.js'
import type { ApiError } from './client-options.js'

/**
 * An error the library resolves to `{ error }` rather than throwing: what,
 * the CLI's exit code, where, what to try — with every URL in them redacted
 * (no password or api_key reaches a program's logs through an error).
 */
export function toApiError(error: ApictlError): ApiError {
  const apiError: ApiError = { message: redactUrlsIn(error.message), exitCode: error.exitCode }
  if (error.where !== undefined) apiError.where = redactUrlsIn(error.where)
  if (error.hint !== undefined) apiError.hint = redactUrlsIn(error.hint)
  return apiError
}
