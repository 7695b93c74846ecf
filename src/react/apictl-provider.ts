import { createElement, type ReactNode } from 'react'
import type { GraphQLApi } from '../library/graphql-api.js'
import { ClientContext } from './client-context.js'

export interface ApictlProviderProps {
  /** The library client (`createClient(…)`): it holds the address and the credentials. */
  client: GraphQLApi
  children?: ReactNode
}

/**
 * Makes `client` the one useQuery and useMutation use below it; placed once at the top:
 *
 *     <ApictlProvider client={createClient({ profile: 'local' })}><App /></ApictlProvider>
 */
export function ApictlProvider({ client, children }: ApictlProviderProps): ReactNode {
  if (typeof client?.query !== 'function' || typeof client.mutate !== 'function') {
    throw new TypeError(
      "ApictlProvider needs a client: <ApictlProvider client={createClient({ profile: 'local' })}>.",
    )
  }
  return createElement(ClientContext.Provider, { value: client }, children)
}
