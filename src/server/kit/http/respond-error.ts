import type { ServerResponse } from 'node:http'
import { isStorageError, isStoreError } from '../store-error.js'
import { HttpError } from './http-error.js'
import { sendHttpError, sendProblem } from './respond.js'

/**
 * The one place a handler's failure becomes an answer: HttpError as thrown,
 * the store's NOT_FOUND as 404 and INVALID_INPUT as 422 (with `errors`), a
 * full disk as 507 and a data file locked too long as 503 (nothing written,
 * so the client may send it again), anything else as a 500 whose cause goes
 * to the log, not to the client.
 */
export function respondError(response: ServerResponse, error: unknown, log?: (line: string) => void): void {
  if (response.headersSent) {
    response.destroy()
    return
  }
  if (error instanceof HttpError) {
    sendHttpError(response, error)
  } else if (isStoreError(error)) {
    if (error.code === 'NOT_FOUND') sendProblem(response, 404, error.message)
    else sendProblem(response, 422, error.message, {}, { errors: error.problems })
  } else if (isStorageError(error)) {
    log?.(`storage: ${error.message}: ${String((error.cause as Error | undefined)?.message ?? '')}`)
    if (error.problem === 'full') sendProblem(response, 507, error.message)
    else sendProblem(response, 503, error.message, { 'Retry-After': '1' })
  } else {
    log?.(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
    sendProblem(response, 500, 'the server failed to handle this request; its log has the details')
  }
}
