import type { AuthUser } from '../../../server/kit/auth/authenticator.js'
import type { ServerServices } from '../../../server/kit/mount.js'
import { unauthenticated } from './graphql-errors.js'
import { ItemsDataSource } from './items-data-source.js'

/** Apollo's `contextValue`: what every resolver gets as its third argument. */
export interface GraphqlContext {
  dataSources: { items: ItemsDataSource }
  /** Who is calling (HTTP Basic or Bearer), or null for an anonymous caller. */
  user: AuthUser | null
  /** Why `user` is null, for the UNAUTHENTICATED message of a write. */
  authProblem: string | undefined
}

const noCredentials = 'send HTTP Basic demo:demo or a Bearer token (POST /oauth/token)'

/**
 * Builds the context of one operation from its Authorization header (the
 * HTTP request's, or a WebSocket's connection parameters) and the client's
 * address (a clientKey: failed logins are counted per address). A wrong
 * credential is not an error here: reads stay open, writes refuse.
 */
export async function createContext(
  services: ServerServices,
  authorization: string | undefined,
  client: string,
): Promise<GraphqlContext> {
  const dataSources = { items: new ItemsDataSource(services.store) }
  if (authorization === undefined || authorization === '') {
    return { dataSources, user: null, authProblem: noCredentials }
  }
  const outcome = await services.auth.checkAuthorization(authorization, client)
  return outcome.ok
    ? { dataSources, user: { user: outcome.user, method: outcome.method }, authProblem: undefined }
    : { dataSources, user: null, authProblem: outcome.reason }
}

/** The caller, or an UNAUTHENTICATED error naming the field that needs one. */
export function requireUser(contextValue: GraphqlContext, field: string): AuthUser {
  if (contextValue.user === null) throw unauthenticated(field, contextValue.authProblem ?? noCredentials)
  return contextValue.user
}
