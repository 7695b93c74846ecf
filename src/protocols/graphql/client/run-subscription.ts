import { type Client, createClient, type FormattedExecutionResult } from 'graphql-ws/client'
import WebSocket from 'ws'
import { ApictlError, NetworkError } from '../../../core/errors.js'
import { ExitCode, exitCodeForStatus } from '../../../core/exit-codes.js'
import { toNetworkError } from '../../../transport/network-error.js'
import type { GraphQLResponseError } from './decode-graphql-response.js'
import { GraphQLRejection } from './graphql-rejection.js'

export interface SubscriptionRequest {
  /** The ws:// or wss:// URL. */
  url: string
  /** Sent on the upgrade request, and as `connectionParams` (`authorization`, `headers`) for servers that read those. */
  headers: Record<string, string>
  payload: { query: string; variables?: Record<string, unknown>; operationName?: string }
  /** TLS and proxy settings for the upgrade (ws's ClientOptions: agent, ca, cert, key, rejectUnauthorized). */
  socket: SubscriptionSocket
  /** Time limit for connecting and the server's acknowledgement (the subscription itself runs on). */
  connectTimeoutMs: number
  /** Stop after this many events. */
  count?: number
  /** Aborting ends the subscription cleanly (Ctrl-C). */
  signal?: AbortSignal
  onEvent(event: FormattedExecutionResult<Record<string, unknown>, unknown>): void
  onConnected?(): void
}

export interface SubscriptionSocket {
  agent?: import('node:http').Agent
  rejectUnauthorized: boolean
  ca?: string[]
  cert?: string
  key?: string
}

export interface SubscriptionOutcome {
  events: number
  /** Events that carried `errors`. */
  eventsWithErrors: number
  end: 'count' | 'complete' | 'cancelled'
  /** 4 when an event carried errors, 130 when cancelled (Ctrl-C), else 0. */
  exitCode: ExitCode
}

/**
 * Runs one subscription over the graphql-ws protocol (graphql-transport-ws)
 * and resolves when it ends: after `count` events, when the server
 * completes, or when `signal` aborts. A refused subscription, a closed
 * connection or a failed upgrade rejects with an ApictlError.
 */
export function runSubscription(request: SubscriptionRequest): Promise<SubscriptionOutcome> {
  return new Promise((resolve, reject) => {
    let events = 0
    let eventsWithErrors = 0
    let settled = false
    let lastSocketError: unknown
    let unsubscribe = () => {}
    const client: Client = createClient({
      url: request.url,
      webSocketImpl: webSocketWithOptions(request.headers, request.socket),
      connectionParams: connectionParams(request.headers),
      lazy: true,
      retryAttempts: 0,
      shouldRetry: () => false,
      on: {
        connected: () => {
          clearTimeout(timer)
          request.onConnected?.()
        },
        error: (error) => {
          lastSocketError = error
        },
      },
    })
    const settle = (outcome: SubscriptionOutcome | ApictlError) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      request.signal?.removeEventListener('abort', cancel)
      unsubscribe()
      void client.dispose()
      if (outcome instanceof ApictlError) reject(outcome)
      else resolve(outcome)
    }
    const end = (kind: SubscriptionOutcome['end']) => settle(outcome(events, eventsWithErrors, kind))
    const cancel = () => end('cancelled')
    const timer = setTimeout(
      () =>
        settle(
          new NetworkError(
            `No graphql-ws connection to ${request.url} within ${request.connectTimeoutMs / 1000} s.`,
            {
              where: request.url,
              hint: 'Raise the limit with --timeout SECONDS, or check that the server serves subscriptions there.',
            },
          ),
        ),
      request.connectTimeoutMs,
    )
    if (request.signal?.aborted) return cancel()
    request.signal?.addEventListener('abort', cancel, { once: true })
    unsubscribe = client.subscribe(request.payload, {
      next: (event) => {
        if (settled) return
        events++
        if (event.errors && event.errors.length > 0) eventsWithErrors++
        request.onEvent(event)
        if (request.count !== undefined && events >= request.count) end('count')
      },
      error: (error) => {
        if (isCloseEvent(error) && error.code === 1000) return end('complete')
        settle(subscriptionError(error, lastSocketError, request.url))
      },
      complete: () => end('complete'),
    })
  })
}

function outcome(
  events: number,
  eventsWithErrors: number,
  end: SubscriptionOutcome['end'],
): SubscriptionOutcome {
  const exitCode =
    eventsWithErrors > 0 ? ExitCode.Rejected : end === 'cancelled' ? ExitCode.Interrupted : ExitCode.Ok
  return { events, eventsWithErrors, end, exitCode }
}

/** `ws` with the request's headers, TLS settings and proxy tunnel on the upgrade. */
function webSocketWithOptions(headers: Record<string, string>, socket: SubscriptionSocket): unknown {
  return class extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { ...socket, headers })
    }
  }
}

function connectionParams(headers: Record<string, string>): Record<string, unknown> {
  const passed = Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) => !['accept', 'content-type', 'user-agent'].includes(name.toLowerCase()),
    ),
  )
  const authorization = Object.entries(headers).find(([name]) => name.toLowerCase() === 'authorization')?.[1]
  return authorization === undefined ? { headers: passed } : { authorization, headers: passed }
}

interface CloseEventLike {
  code: number
  reason: string
}

function isCloseEvent(value: unknown): value is CloseEventLike {
  return typeof value === 'object' && value !== null && typeof (value as CloseEventLike).code === 'number'
}

const REJECTING_CLOSE_CODES = new Set([4400, 4401, 4403, 4406, 4409, 4429])

function subscriptionError(error: unknown, socketError: unknown, url: string): ApictlError {
  if (Array.isArray(error)) return new GraphQLRejection(error as GraphQLResponseError[], url)
  if (isCloseEvent(error) && error.code !== 1006) {
    const what = `The server closed the graphql-ws connection: ${error.code}${error.reason ? ` ${error.reason}` : ''}.`
    if (REJECTING_CLOSE_CODES.has(error.code))
      return new ApictlError(what, ExitCode.Rejected, {
        where: url,
        hint: 'Check the credentials (--user, --token, -H) and the subscription.',
      })
    if (error.code === 4500 || error.code === 1011)
      return new ApictlError(what, ExitCode.ServerFailed, { where: url })
    return new NetworkError(what, { where: url })
  }
  const cause = error instanceof Error ? error : socketError
  const status = /Unexpected server response: (\d{3})/.exec(
    String((cause as Error | undefined)?.message),
  )?.[1]
  if (status !== undefined) {
    return new ApictlError(
      `The server answered the WebSocket upgrade with HTTP ${status}: it does not serve graphql-ws subscriptions at this URL.`,
      exitCodeForStatus(Number(status)) || ExitCode.BadResponse,
      {
        where: url,
        hint: 'Check the endpoint (-e URL); subscriptions are usually served on the same path as queries.',
      },
    )
  }
  if (cause instanceof Error) return toNetworkError(cause, 'GET', url, 0)
  return new NetworkError(`The graphql-ws connection to ${url} closed unexpectedly.`, { where: url })
}
