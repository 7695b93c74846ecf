import { joinHeaderValues, type OAuth2Settings } from '../../../core/exchange.js'
import type { PreparedGraphQLRequest } from './graphql-call.js'
import type { SubscriptionRequest } from './run-subscription.js'
import { webSocketUrl } from './websocket-url.js'

/** A subscription, ready to run or to print (--dry-run): the upgrade request and the subscribe message. */
export interface PreparedSubscription {
  /** The ws:// or wss:// URL. */
  url: string
  /** The upgrade request's headers (an OAuth 2.0 token is added when it runs). */
  headers: Record<string, string>
  payload: SubscriptionRequest['payload']
  /** The endpoint's http(s) URL, and the OAuth 2.0 settings whose token the upgrade carries. */
  endpoint: string
  oauth2?: OAuth2Settings
}

/** Pure: the subscription of a prepared POST: its headers on the upgrade, its document in the subscribe message. */
export function prepareSubscription(prepared: PreparedGraphQLRequest): PreparedSubscription {
  const { call, request } = prepared
  const headers = Object.fromEntries(
    Object.entries(joinHeaderValues(request.headers)).filter(
      ([name]) => !['content-type', 'accept'].includes(name.toLowerCase()),
    ),
  )
  const payload: PreparedSubscription['payload'] = { query: call.query }
  if (call.variables !== undefined) payload.variables = call.variables
  if (call.operationName !== undefined) payload.operationName = call.operationName
  const subscription: PreparedSubscription = {
    url: webSocketUrl(call.url),
    headers,
    payload,
    endpoint: call.url,
  }
  if (call.oauth2) subscription.oauth2 = call.oauth2
  return subscription
}
