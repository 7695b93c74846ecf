/**
 * apictl for React programs (SPEC §9): the GraphQL client contract of the
 * seed's conventions over the library client. React is a peer dependency,
 * loaded only by programs that import `apictl/react`.
 *
 *     <ApictlProvider client={createClient({ profile: 'local' })}><App /></ApictlProvider>
 *     const { data, loading, error } = useQuery(ITEM, { variables: { id } })
 *     const [create, { loading }] = useMutation(CREATE_ITEM)
 *     await create({ variables: { input } })
 */

export { ApictlProvider, type ApictlProviderProps } from './apictl-provider.js'
export type { SettledState } from './settle-response.js'
export { useApictlClient } from './use-apictl-client.js'
export {
  type MutateFunction,
  type MutateOptions,
  type MutationOptions,
  type MutationResult,
  useMutation,
} from './use-mutation.js'
export { type QueryOptions, type QueryResult, useQuery } from './use-query.js'
