import type { Context } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import { ExitCode } from '../../core/exit-codes.js'
import { readDocument } from '../../exchange/graphql/graphql-input.js'
import type { OperationType } from '../../exchange/graphql/graphql-settings.js'
import type { GqlOptionValues } from '../../options/gql-options.js'
import type { DocumentSource } from '../../protocols/graphql/client/document-error.js'
import { GraphQLRejection } from '../../protocols/graphql/client/graphql-rejection.js'
import type { PreparedSubscription } from '../../protocols/graphql/client/prepare-subscription.js'
import { printRejection } from '../../render/print-graphql-problems.js'
import { printSubscriptionRequest, subscriptionPrinter } from '../../render/print-graphql-subscription.js'
import { documentSettings, type GqlRun, withGqlClient } from './gql.js'

/**
 * `apictl gql subscribe SUBSCRIPTION [--count N]`: validated like a query,
 * then run over graphql-ws; each event is printed as it arrives (`-o json`:
 * one JSON object per line). Ends after N events, when the server
 * completes (exit 0), or on Ctrl-C (130); exit 4 when an event carried errors.
 */
export async function runGqlSubscribe(
  query: string | undefined,
  raw: GqlOptionValues,
  ctx: Context,
): Promise<number> {
  return withGqlClient(raw, ctx, async (gql) => {
    if (gql.options.get) {
      throw new UsageError(
        '--get does not apply to gql subscribe: a subscription runs over graphql-ws (WebSocket).',
        { hint: 'Leave out --get; it sends queries as HTTP GET.' },
      )
    }
    if (gql.settings.common.print !== undefined) {
      throw new UsageError(
        '-i / --print show an HTTP answer; a subscription runs over graphql-ws (WebSocket), whose events are the output.',
        { hint: 'Leave out -i / --print; -v shows the WebSocket request on stderr.' },
      )
    }
    if (gql.settings.common.curl) {
      throw new UsageError('curl cannot speak the graphql-ws protocol.', {
        hint: 'Use --dry-run to see the WebSocket request and the subscribe message.',
      })
    }
    return subscribeDocument(gql, await readDocument(query, gql.options.file, ctx))
  })
}

/** Checks a subscription, then prints its request (--dry-run) or runs it until it ends; also `gql build`'s. */
export async function subscribeDocument(gql: GqlRun, source: DocumentSource): Promise<number> {
  const { client, ctx } = gql
  const settings = await documentSettings(gql)
  try {
    const checked = await client.check(source, { ...settings, accepts: onlySubscriptions })
    const prepared = client.prepareSubscription(checked)
    if (settings.common.dryRun) {
      printSubscriptionRequest(prepared, settings.common, ctx)
      return ExitCode.Ok
    }
    return await runUntilInterrupted(gql, prepared, source)
  } catch (error) {
    if (!(error instanceof GraphQLRejection)) throw error
    printRejection(error, ctx, source, settings.common.colour)
    return error.exitCode
  }
}

function onlySubscriptions(type: OperationType): void {
  if (type === 'subscription') return
  throw new UsageError(`This is a ${type}, not a subscription.`, {
    hint: 'Send it with apictl gql (same arguments).',
  })
}

/** Ctrl-C ends a subscription as it ends any command: 130, so a script can tell it from --count or completion. */
async function runUntilInterrupted(gql: GqlRun, prepared: PreparedSubscription, source: DocumentSource) {
  const { client, settings, ctx } = gql
  const cancel = new AbortController()
  const onInterrupt = () => cancel.abort()
  process.once('SIGINT', onInterrupt)
  try {
    const printer = subscriptionPrinter(prepared, settings.common, ctx, source, { localStore: gql.embedded })
    const outcome = await client.subscribe(prepared, settings, {
      ...printer,
      count: gql.options.count,
      signal: ctx.signal ? AbortSignal.any([ctx.signal, cancel.signal]) : cancel.signal,
    })
    printer.ended(outcome)
    return outcome.exitCode
  } finally {
    process.off('SIGINT', onInterrupt)
  }
}
