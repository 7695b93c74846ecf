import { ApolloServer } from '@apollo/server'
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
  ApolloServerPluginSchemaReportingDisabled,
  ApolloServerPluginUsageReportingDisabled,
} from '@apollo/server/plugin/disabled'
import type { GraphQLSchema } from 'graphql'
import { typeDefs } from '../schema/type-defs.js'
import { apolloLogger } from './apollo-logger.js'
import { type CompiledQueries, createCompiledQueries } from './compiled-queries-plugin.js'
import { boundRules } from './document-bounds.js'
import { documentLimits } from './document-limits.js'
import type { GraphqlContext } from './graphql-context.js'
import { landingPagePlugin } from './landing-page-plugin.js'
import { maskInternalErrors } from './mask-internal-errors.js'
import { resolvers } from './resolvers.js'
import { subscriptionsOverHttpPlugin } from './subscriptions-over-http-plugin.js'

export interface StartedApolloServer {
  apollo: ApolloServer<GraphqlContext>
  /** The executable schema Apollo built from typeDefs and resolvers (graphql-ws serves it too). */
  schema: GraphQLSchema
  /** Queries that keep coming back, run as compiled code (an Apollo plugin). */
  compiledQueries: CompiledQueries
}

/**
 * The reference server's ApolloServer, started: typeDefs + resolvers,
 * introspection on, CSRF prevention on, internal errors masked, documents
 * bounded (tokens, depth, aliases, fields, list sizes, recursive selections)
 * before they run. Apollo's
 * features this server has no use for are switched off, so no request pays
 * for them: cache-control hints, federation traces, usage and schema
 * reporting (never sent anywhere, whatever APOLLO_KEY says), and the default
 * landing page (it loads Apollo Sandbox from the network).
 */
export async function startApolloServer(
  path: string,
  log?: (line: string) => void,
): Promise<StartedApolloServer> {
  let schema: GraphQLSchema | undefined
  const compiledQueries = createCompiledQueries()
  const apollo = new ApolloServer<GraphqlContext>({
    typeDefs,
    resolvers,
    introspection: true,
    csrfPrevention: true,
    includeStacktraceInErrorResponses: false,
    // The reference server stops on its own signals (apictl serve), not Apollo's.
    stopOnTerminationSignals: false,
    // The HTTP handler checks these first, alone, before Apollo parses; kept here so validation is complete without it.
    validationRules: boundRules,
    maxRecursiveSelections: true,
    parseOptions: { maxTokens: documentLimits.maxTokens },
    formatError: maskInternalErrors(log),
    logger: apolloLogger(log),
    plugins: [
      ApolloServerPluginCacheControlDisabled(),
      ApolloServerPluginInlineTraceDisabled(),
      ApolloServerPluginUsageReportingDisabled(),
      ApolloServerPluginSchemaReportingDisabled(),
      ApolloServerPluginLandingPageDisabled(),
      landingPagePlugin(),
      subscriptionsOverHttpPlugin(path),
      compiledQueries.plugin,
      {
        async serverWillStart(service) {
          schema = service.schema
        },
      },
    ],
  })
  await apollo.start()
  if (schema === undefined) throw new Error('Apollo started without telling its plugins the schema')
  return { apollo, schema, compiledQueries }
}
