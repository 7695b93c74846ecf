import { useContext } from 'react'
import type { GraphQLApi } from '../library/graphql-api.js'
import { ClientContext } from './client-context.js'

/**
 * The client of the nearest ApictlProvider (or `own`, a hook's `client` option); a hook
 * outside any provider throws, naming the hook and the provider.
 */
export function useApictlClient(own?: GraphQLApi, hook = 'useApictlClient'): GraphQLApi {
  const provided = useContext(ClientContext)
  const client = own ?? provided
  if (client === undefined) {
    throw new Error(
      `${hook}() found no client: place <ApictlProvider client={createClient(…)}> once at the top of the tree, above this component (or pass { client } to ${hook}).`,
    )
  }
  return client
}
