import type { Profile } from '../../config/profile.js'
import type { Context } from '../../core/context.js'
import type { CommonOptions } from '../../core/request-options.js'
import { transportOptions } from '../../exchange/request-defaults.js'
import type { TransportOptions } from '../../transport/transport-options.js'

/** How long Tab waits for a schema or WSDL it has to fetch first: a key press, not a request. */
export const COMPLETION_TIMEOUT_MS = 5000

/** How the session's schema or WSDL is loaded. */
export interface LoadOptions {
  /** Read it again (`.schema refresh`). */
  refresh?: boolean
  /**
   * For Tab: no spinner (it would erase the line being edited), and at most
   * COMPLETION_TIMEOUT_MS; the context's signal is Ctrl-C during the wait.
   * A failed load is not kept, so a request line later tries with its own limit.
   */
  forCompletion?: boolean
}

/** The transport for loading the schema or WSDL: the request limits, or Tab's shorter one. */
export function loadTransport(
  common: CommonOptions,
  profile: Profile,
  ctx: Context,
  options: LoadOptions,
): TransportOptions {
  const transport = { ...transportOptions(common, profile, ctx), keepAlive: true }
  if (options.forCompletion) transport.timeoutMs = Math.min(transport.timeoutMs, COMPLETION_TIMEOUT_MS)
  return transport
}
