import type { ApolloServerPlugin } from '@apollo/server'
import { GraphQLError } from 'graphql'

/**
 * Refuses a subscription sent as a plain HTTP request, before anything runs:
 * it is the client's mistake (subscriptions are served over graphql-ws on
 * the same path), answered as a request error, 400 with code BAD_REQUEST,
 * as Apollo answers its own request errors. Without this, graphql-js would
 * execute the subscription field once like a query field, with no event,
 * and fail inside the server.
 */
export function subscriptionsOverHttpPlugin(path: string): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation }) {
          if (operation?.operation !== 'subscription') return
          throw new GraphQLError(
            `subscriptions are not served over plain HTTP: open a WebSocket to ${path} (graphql-ws, graphql-transport-ws protocol) and subscribe there, e.g. apictl gql subscribe`,
            { extensions: { code: 'BAD_REQUEST', http: { status: 400 } } },
          )
        },
      }
    },
  }
}
