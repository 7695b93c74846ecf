import type { DocumentNode } from 'graphql'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { GraphQLApi, GraphQLRequestOptions, GraphQLResponse } from '../library/graphql-api.js'
import { requestKey } from './request-key.js'
import { type SettledState, settledState, settleResponse } from './settle-response.js'
import { useApictlClient } from './use-apictl-client.js'
import { useByValue } from './use-by-value.js'

type Variables = Record<string, unknown>

export interface QueryOptions<V extends Variables = Variables>
  extends Omit<GraphQLRequestOptions<V>, 'signal'> {
  /** Do not run the query (yet): `loading` stays false and nothing is sent. */
  skip?: boolean
  /** Use this client instead of the ApictlProvider's. */
  client?: GraphQLApi
}

export interface QueryResult<T> extends SettledState<T> {
  /** True from the first render until the answer (or error) arrives, and again whenever the query is sent anew. */
  loading: boolean
  /** Sends the query again with the same variables; resolves to the library's result. */
  refetch(): Promise<GraphQLResponse<T>>
}

/** What the component shows, and the request (document, options, skip) it belongs to. */
type Shown<T> = SettledState<T> & { loading: boolean; of?: object }

const LOADING: Shown<never> = {
  data: undefined,
  error: undefined,
  errors: undefined,
  loading: true,
}
const IDLE = { ...LOADING, loading: false }

/**
 * Runs a query when the component mounts and again whenever the document or
 * the variables change by value (not on every render), over the library
 * client's `query`: `{ data, loading, error }`. GraphQL errors, a document the
 * schema refuses and network failures land in `error`, partial data staying in
 * `data`. The render that brings new variables already shows `loading` (never
 * the old variables' data); a request still out when the component unmounts,
 * or when newer variables replace it, is aborted and its answer dropped.
 */
export function useQuery<T = Record<string, unknown>, V extends Variables = Variables>(
  document: string | DocumentNode,
  options: QueryOptions<V> = {},
): QueryResult<T> {
  const { client: own, skip = false, ...callOptions } = options
  const client = useApictlClient(own, 'useQuery')
  const request = useByValue({ document, callOptions, skip }, requestKey(document, { ...callOptions, skip }))
  const [state, setState] = useState<Shown<T>>(LOADING)
  // Only the latest request of a mounted component may change the state.
  const latest = useRef(0)
  const mounted = useRef(true)

  const send = useCallback(
    async (signal?: AbortSignal): Promise<GraphQLResponse<T>> => {
      const id = ++latest.current
      // A refetch shows loading beside the data it has; a new request already shows LOADING (below).
      setState((shown) => (shown.of === request && !shown.loading ? { ...shown, loading: true } : shown))
      const response = await settleResponse(() =>
        client.query<T>(request.document, { ...request.callOptions, signal }),
      )
      if (mounted.current && id === latest.current) {
        setState({ ...settledState(response), loading: false, of: request })
      }
      return response
    },
    [client, request],
  )

  useEffect(() => {
    mounted.current = true
    const controller = new AbortController()
    if (request.skip) latest.current += 1
    else void send(controller.signal)
    return () => {
      mounted.current = false
      controller.abort()
    }
  }, [send, request])

  const refetch = useCallback(() => send(), [send])
  const { of, ...shown } = state.of === request ? state : request.skip ? IDLE : LOADING
  return { ...shown, refetch }
}
