import { type Context, colourEnabled } from '../core/context.js'
import type { CommonOptions } from '../core/request-options.js'
import type { DocumentSource } from '../protocols/graphql/client/document-error.js'
import type { PreparedSubscription } from '../protocols/graphql/client/prepare-subscription.js'
import type {
  SubscriptionOutcome,
  SubscriptionRequest,
} from '../protocols/graphql/client/run-subscription.js'
import { formatGraphQLErrors } from './format-graphql-errors.js'
import { formatJson } from './format-json.js'
import { formatRequestHead } from './format-request-head.js'

/** --dry-run: the WebSocket upgrade request, then the subscribe message. */
export function printSubscriptionRequest(
  prepared: PreparedSubscription,
  common: CommonOptions,
  ctx: Context,
): void {
  const colour = colourEnabled(ctx.stdout, ctx.env, common.colour)
  const headers = { ...prepared.headers, 'Sec-WebSocket-Protocol': 'graphql-transport-ws' }
  ctx.stdout.write(`${formatRequestHead({ method: 'GET', url: prepared.url, headers }, { colour })}\n\n`)
  ctx.stdout.write(`${JSON.stringify({ type: 'subscribe', id: '1', payload: prepared.payload })}\n`)
}

/**
 * A running subscription's output: each event as it arrives (`-o json`: one
 * JSON object per line; else its data, pretty), its errors on stderr; with
 * -v the upgrade request and how it ended. On the local profile's embedded
 * server (`localStore`) it says at once, whatever the output, whose writes
 * arrive: the local store is shared by every apictl command.
 */
export function subscriptionPrinter(
  prepared: PreparedSubscription,
  common: CommonOptions,
  ctx: Context,
  source: DocumentSource,
  options: { localStore?: boolean } = {},
): {
  onRequest(url: string, headers: Record<string, string>): void
  onConnected(): void
  onEvent: SubscriptionRequest['onEvent']
  ended(outcome: SubscriptionOutcome): void
} {
  const colour = colourEnabled(ctx.stdout, ctx.env, common.colour)
  const errColour = colourEnabled(ctx.stderr, ctx.env, common.colour)
  return {
    onRequest(url, headers) {
      if (!common.verbose) return
      const head = formatRequestHead({ method: 'GET', url, headers }, { colour: errColour, redact: true })
      ctx.stderr.write(`${head}\n\n`)
    },
    onConnected() {
      if (options.localStore) {
        ctx.stderr.write(
          'apictl: profile local: subscribed to the local store; writes by other apictl commands using it show up here (Ctrl-C stops)\n',
        )
      } else if (common.verbose || ctx.stderr.isTTY)
        ctx.stderr.write(`subscribed at ${prepared.url}; waiting for events (Ctrl-C stops)\n`)
    },
    onEvent(event) {
      if (common.output === 'json' || common.output === 'raw') ctx.stdout.write(`${JSON.stringify(event)}\n`)
      else if (event.data !== undefined && event.data !== null)
        ctx.stdout.write(`${formatJson(event.data, { colour })}\n`)
      if (event.errors && event.errors.length > 0) {
        ctx.stderr.write(`${formatGraphQLErrors(event.errors, { colour: errColour, source })}\n`)
      }
    },
    ended(outcome) {
      if (common.verbose)
        ctx.stderr.write(`subscription ended (${outcome.end}) after ${outcome.events} event(s)\n`)
    },
  }
}
