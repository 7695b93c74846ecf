import { joinHeaderValues } from '../../core/exchange.js'
import type { PreparedSubscription } from '../../protocols/graphql/client/prepare-subscription.js'
import {
  runSubscription,
  type SubscriptionOutcome,
  type SubscriptionRequest,
} from '../../protocols/graphql/client/run-subscription.js'
import { withOAuth2 } from '../../transport/send.js'
import type { TransportOptions } from '../../transport/transport-options.js'

export interface SubscriptionHandlers {
  /** Stop after this many events. */
  count?: number
  signal?: AbortSignal
  /** The upgrade request about to be made, its OAuth 2.0 token added (-v prints it). */
  onRequest?(url: string, headers: Record<string, string>): void
  onConnected?(): void
  onEvent: SubscriptionRequest['onEvent']
}

/** Runs a prepared subscription over graphql-ws until it ends (count, completion, or the signal). */
export async function runPreparedSubscription(
  prepared: PreparedSubscription,
  transport: TransportOptions,
  handlers: SubscriptionHandlers,
): Promise<SubscriptionOutcome> {
  let headers = prepared.headers
  if (prepared.oauth2) {
    const authorised = await withOAuth2(
      { method: 'GET', url: prepared.endpoint, headers, oauth2: prepared.oauth2 },
      transport,
    )
    headers = joinHeaderValues(authorised.headers)
  }
  handlers.onRequest?.(prepared.url, headers)
  return runSubscription({
    url: prepared.url,
    headers,
    payload: prepared.payload,
    insecure: transport.insecure,
    connectTimeoutMs: transport.timeoutMs,
    count: handlers.count,
    signal: handlers.signal,
    onConnected: handlers.onConnected,
    onEvent: handlers.onEvent,
  })
}
