import { clientKey } from '../../../server/kit/auth/failure-throttle.js'
import type { Mount, ServerServices } from '../../../server/kit/mount.js'
import { createRefusalBudget } from './document-bounds.js'
import { createContext } from './graphql-context.js'
import { createGraphqlHttpHandler } from './graphql-http-handler.js'
import { startApolloServer } from './start-apollo-server.js'
import { createSubscriptionServer } from './subscription-server.js'

/**
 * GraphQL on the reference server (SPEC §7): Apollo over node:http for
 * POST and GET, graphql-ws over WebSocket for subscriptions, both on `path`
 * and over the server's one store. The server loads this module (and with
 * it Apollo, graphql and ws) on the first request to `path`.
 */
export async function createGraphqlMount(services: ServerServices, path = '/graphql'): Promise<Mount> {
  const { log } = services
  const { apollo, schema } = await startApolloServer(path, log)
  // Costly or unparsable documents per client address, over HTTP and WebSocket together.
  const refusals = createRefusalBudget()
  const subscriptions = createSubscriptionServer({
    schema,
    path,
    log,
    refusals,
    context: (authorization, address) => createContext(services, authorization, clientKey(address)),
  })
  return {
    handle: createGraphqlHttpHandler({
      apollo,
      schema,
      refusals,
      path,
      log,
      context: (request) =>
        createContext(services, request.headers.authorization, clientKey(request.socket.remoteAddress)),
      // A client address waiting out its failed logins gets 429 before Apollo runs (reads without credentials still work).
      throttled: (request) =>
        request.headers.authorization === undefined
          ? undefined
          : services.auth.throttle.retryAfter(clientKey(request.socket.remoteAddress)),
    }),
    upgrade: subscriptions.upgrade,
    async close() {
      await subscriptions.close()
      await apollo.stop()
    },
  }
}
