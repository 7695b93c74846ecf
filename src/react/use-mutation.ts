import type { DocumentNode } from 'graphql'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { GraphQLApi, GraphQLRequestOptions, GraphQLResponse } from '../library/graphql-api.js'
import { type SettledState, settledState, settleResponse } from './settle-response.js'
import { useApictlClient } from './use-apictl-client.js'

type Variables = Record<string, unknown>

export interface MutationOptions<V extends Variables = Variables>
  extends Omit<GraphQLRequestOptions<V>, 'signal' | 'get'> {
  /** Use this client instead of the ApictlProvider's. */
  client?: GraphQLApi
}

/** What one `mutate()` call sends; its variables replace the hook's. */
export interface MutateOptions<V extends Variables = Variables>
  extends Omit<GraphQLRequestOptions<V>, 'get'> {}

export interface MutationResult<T> extends SettledState<T> {
  /** True while the latest `mutate()` is out. */
  loading: boolean
  /** Whether `mutate()` has been called. */
  called: boolean
}

export type MutateFunction<T, V extends Variables = Variables> = (
  options?: MutateOptions<V>,
) => Promise<GraphQLResponse<T>>

const NOT_CALLED = { data: undefined, error: undefined, errors: undefined, loading: false, called: false }

/**
 * `[mutate, { data, loading, error }]`: nothing is sent until `mutate({ variables })`,
 * which runs the mutation over the library client's `mutate` and resolves to
 * its result (`{ data, error }`, never a rejection). The state follows the
 * latest call; once the component has unmounted, calls still resolve but
 * change no state.
 */
export function useMutation<T = Record<string, unknown>, V extends Variables = Variables>(
  document: string | DocumentNode,
  options: MutationOptions<V> = {},
): [MutateFunction<T, V>, MutationResult<T>] {
  const { client: own, ...hookOptions } = options
  const client = useApictlClient(own, 'useMutation')
  const [state, setState] = useState<MutationResult<T>>(NOT_CALLED)
  // mutate() stays the same function across renders and always sends the latest document and options.
  const current = useRef({ client, document, hookOptions })
  current.current = { client, document, hookOptions }
  const latest = useRef(0)
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  const mutate = useCallback(async (callOptions: MutateOptions<V> = {}): Promise<GraphQLResponse<T>> => {
    const { client, document, hookOptions } = current.current
    const id = ++latest.current
    if (mounted.current) setState({ ...NOT_CALLED, loading: true, called: true })
    const response = await settleResponse(() =>
      client.mutate<T>(document, { ...hookOptions, ...callOptions }),
    )
    if (mounted.current && id === latest.current) {
      setState({ ...settledState(response), loading: false, called: true })
    }
    return response
  }, [])
  return [mutate, state]
}
