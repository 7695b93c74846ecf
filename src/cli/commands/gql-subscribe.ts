import { type Context, colourEnabled } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import { joinHeaderValues } from '../../core/exchange.js'
import { ExitCode } from '../../core/exit-codes.js'
import type { GqlSession } from '../../exchange/graphql/gql-session.js'
import { graphQLHeaders } from '../../protocols/graphql/client/build-graphql-request.js'
import type { DocumentSource } from '../../protocols/graphql/client/document-error.js'
import { GraphQLRejection } from '../../protocols/graphql/client/graphql-rejection.js'
import { runSubscription, type SubscriptionRequest } from '../../protocols/graphql/client/run-subscription.js'
import { webSocketUrl } from '../../protocols/graphql/client/websocket-url.js'
import { formatGraphQLErrors } from '../../render/format-graphql-errors.js'
import { formatJson } from '../../render/format-json.js'
import { formatRequestHead } from '../../render/format-request-head.js'
import { printRejection } from '../../render/print-graphql-problems.js'
import { withOAuth2 } from '../../transport/send.js'
import { checkSessionDocument, withGqlSession } from './gql.js'
import { readDocument } from './gql-input.js'

/**
 * `apictl gql subscribe SUBSCRIPTION [--count N]`: validated like a query,
 * then run over graphql-ws; each event is printed as it arrives (`-o json`:
 * one JSON object per line). Ends after N events, when the server
 * completes, or on Ctrl-C (exit 0); exit 4 when an event carried errors.
 */
export async function runGqlSubscribe(
  query: string | undefined,
  raw: Record<string, unknown>,
  ctx: Context,
): Promise<number> {
  return withGqlSession(raw, ctx, async (session) => {
    if (session.options.get) {
      throw new UsageError(
        '--get does not apply to gql subscribe: a subscription runs over graphql-ws (WebSocket).',
        {
          hint: 'Leave out --get; it sends queries as HTTP GET.',
        },
      )
    }
    if (session.common.curl) {
      throw new UsageError('curl cannot speak the graphql-ws protocol.', {
        hint: 'Use --dry-run to see the WebSocket request and the subscribe message.',
      })
    }
    return subscribeDocument(session, await readDocument(query, session.options.file, ctx), ctx)
  })
}

/** Checks a subscription document, then prints its request (--dry-run) or runs it until it ends; also `gql build`'s. */
export async function subscribeDocument(
  session: GqlSession,
  source: DocumentSource,
  ctx: Context,
): Promise<number> {
  try {
    const request = await subscriptionRequest(session, source, ctx)
    if (session.common.dryRun) return printDryRun(request, ctx, session)
    return await subscribe(request, session, source, ctx)
  } catch (error) {
    if (error instanceof GraphQLRejection) return printRejection(error, ctx, source, session.common.colour)
    throw error
  }
}

type PreparedSubscription = Omit<SubscriptionRequest, 'onEvent' | 'signal'>

async function subscriptionRequest(
  session: GqlSession,
  source: DocumentSource,
  ctx: Context,
): Promise<PreparedSubscription> {
  const { options, common } = session
  const checked = await checkSessionDocument(session, source, ctx)
  if (checked.type !== 'subscription') {
    throw new UsageError(`This is a ${checked.type}, not a subscription.`, {
      hint: 'Send it with apictl gql (same arguments).',
    })
  }
  const call = session.call({ query: source.text, variables: checked.variables, operationName: checked.name })
  let headers = graphQLHeaders(call)
  if (call.oauth2 && !common.dryRun) {
    headers = joinHeaderValues(
      (await withOAuth2({ method: 'GET', url: call.url, headers, oauth2: call.oauth2 }, session.transport()))
        .headers,
    )
  }
  const upgradeHeaders = Object.fromEntries(
    Object.entries(headers).filter(([name]) => !['content-type', 'accept'].includes(name.toLowerCase())),
  )
  const payload: PreparedSubscription['payload'] = { query: source.text }
  if (checked.variables !== undefined) payload.variables = checked.variables
  if (checked.name !== undefined) payload.operationName = checked.name
  return {
    url: webSocketUrl(session.endpoint),
    headers: upgradeHeaders,
    payload,
    insecure: session.transport().insecure,
    connectTimeoutMs: session.transport().timeoutMs,
    count: options.count,
  }
}

function printDryRun(request: PreparedSubscription, ctx: Context, session: GqlSession): number {
  const colour = colourEnabled(ctx.stdout, ctx.env, session.common.colour)
  const headers = { ...request.headers, 'Sec-WebSocket-Protocol': 'graphql-transport-ws' }
  ctx.stdout.write(`${formatRequestHead({ method: 'GET', url: request.url, headers }, { colour })}\n\n`)
  ctx.stdout.write(`${JSON.stringify({ type: 'subscribe', id: '1', payload: request.payload })}\n`)
  return ExitCode.Ok
}

async function subscribe(
  request: PreparedSubscription,
  session: GqlSession,
  source: DocumentSource,
  ctx: Context,
): Promise<number> {
  const { common } = session
  const colour = colourEnabled(ctx.stdout, ctx.env, common.colour)
  const errColour = colourEnabled(ctx.stderr, ctx.env, common.colour)
  const cancel = new AbortController()
  const onInterrupt = () => cancel.abort()
  process.once('SIGINT', onInterrupt)
  const signal = ctx.signal ? AbortSignal.any([ctx.signal, cancel.signal]) : cancel.signal
  if (common.verbose) {
    ctx.stderr.write(
      `${formatRequestHead({ method: 'GET', url: request.url, headers: request.headers }, { colour: errColour, redact: true })}\n\n`,
    )
  }
  try {
    const outcome = await runSubscription({
      ...request,
      signal,
      onConnected: () => {
        // On the local profile, say at once whose writes arrive here: the local store is shared by every apictl command.
        if (session.embedded) {
          ctx.stderr.write(
            'apictl: profile local: subscribed to the local store; writes by other apictl commands using it show up here (Ctrl-C stops)\n',
          )
        } else if (common.verbose || ctx.stderr.isTTY)
          ctx.stderr.write(`subscribed at ${request.url}; waiting for events (Ctrl-C stops)\n`)
      },
      onEvent: (event) => {
        if (common.output === 'json' || common.output === 'raw')
          ctx.stdout.write(`${JSON.stringify(event)}\n`)
        else if (event.data !== undefined && event.data !== null)
          ctx.stdout.write(`${formatJson(event.data, { colour })}\n`)
        if (event.errors && event.errors.length > 0) {
          ctx.stderr.write(`${formatGraphQLErrors(event.errors, { colour: errColour, source })}\n`)
        }
      },
    })
    if (common.verbose)
      ctx.stderr.write(`subscription ended (${outcome.end}) after ${outcome.events} event(s)\n`)
    if (outcome.eventsWithErrors > 0) return ExitCode.Rejected
    // Ctrl-C ends a subscription as it ends any command: 130, so a script can tell it from --count or completion.
    return cancel.signal.aborted ? ExitCode.Interrupted : ExitCode.Ok
  } finally {
    process.off('SIGINT', onInterrupt)
  }
}
