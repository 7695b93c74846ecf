import type { ApictlError } from '../core/errors.js'
import type { ApiError } from './client-options.js'

/** An error the library resolves to `{ error }` rather than throwing: what, the CLI's exit code, where, what to try. */
export function toApiError(error: ApictlError): ApiError {
  const apiError: ApiError = { message: error.message, exitCode: error.exitCode }
  if (error.where !== undefined) apiError.where = error.where
  if (error.hint !== undefined) apiError.hint = error.hint
  return apiError
}
