import type { RetryOptions } from 'got'
import { IDEMPOTENT_METHODS, RETRY_STATUS_CODES, type TransportOptions } from './transport-options.js'

const BASE_DELAY_MS = 150
const MAX_DELAY_MS = 2_000

/**
 * --retry N: network errors and 502/503/504, idempotent methods only (never
 * POST or PATCH). Backoff is short and exponential; a Retry-After the server
 * sends is honoured. The overall --timeout still bounds everything.
 */
export function retryPolicy(
  options: Pick<TransportOptions, 'retry' | 'observer' | 'retryAnyMethod'>,
): Partial<RetryOptions> {
  return {
    limit: options.retry,
    methods: options.retryAnyMethod ? [...IDEMPOTENT_METHODS, 'POST', 'PATCH'] : [...IDEMPOTENT_METHODS],
    statusCodes: RETRY_STATUS_CODES,
    maxRetryAfter: undefined,
    calculateDelay: ({ attemptCount, computedValue, error }) => {
      if (computedValue === 0) return 0
      const retryAfter = error.response?.headers['retry-after']
      if (retryAfter !== undefined) return computedValue
      const delay = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (attemptCount - 1))
      return delay
    },
  }
}
