import type { HttpResponse } from '../core/exchange.js'
import { RETRY_STATUS_CODES, retriesMethod, type TransportOptions } from './transport-options.js'

const BASE_DELAY_MS = 150
const MAX_DELAY_MS = 2_000

/** The network failures worth another try (got's list). */
const RETRY_ERROR_CODES = new Set([
  'ETIMEDOUT',
  'ECONNRESET',
  'EADDRINUSE',
  'ECONNREFUSED',
  'EPIPE',
  'ENOTFOUND',
  'ENETUNREACH',
  'EAI_AGAIN',
])

/**
 * --retry N: network errors and 502/503/504, idempotent methods only (POST
 * and PATCH with --retry-unsafe). Backoff is short and exponential; a Retry-After the server
 * sends is honoured when it fits in the time left. The overall --timeout
 * still bounds everything. Returns the delay before the next attempt, or
 * undefined for no retry.
 */
export function retryDelay(
  method: string,
  attempt: number,
  options: Pick<TransportOptions, 'retry' | 'retryAnyMethod'>,
  failure: { response: HttpResponse } | { code: string },
  remainingMs: number,
): number | undefined {
  if (attempt > options.retry) return undefined
  if (!retriesMethod(method, options)) return undefined
  if ('code' in failure) {
    return RETRY_ERROR_CODES.has(failure.code) ? backoff(attempt) : undefined
  }
  if (!RETRY_STATUS_CODES.includes(failure.response.status)) return undefined
  const retryAfter = retryAfterMs(failure.response.headers['retry-after'])
  if (retryAfter === undefined) return backoff(attempt)
  return retryAfter > remainingMs ? undefined : retryAfter
}

function backoff(attempt: number): number {
  return Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (attempt - 1))
}

/** Retry-After as seconds or an HTTP date, in ms (at least 1). */
function retryAfterMs(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header
  if (value === undefined || value.trim() === '') return undefined
  const seconds = Number(value)
  if (!Number.isNaN(seconds)) return Math.max(1, seconds * 1000)
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(1, date - Date.now())
}
