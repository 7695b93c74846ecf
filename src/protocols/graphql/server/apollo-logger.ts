import type { ApolloServerOptions, BaseContext } from '@apollo/server'

export type ApolloLogger = NonNullable<ApolloServerOptions<BaseContext>['logger']>

/**
 * Apollo's logger, writing its warnings and errors to the server's log (no
 * output with --quiet) instead of the console; its debug and info chatter is dropped.
 */
export function apolloLogger(log: ((line: string) => void) | undefined): ApolloLogger {
  const write = (message?: unknown) => log?.(`graphql: ${String(message)}`)
  return { debug() {}, info() {}, warn: write, error: write }
}
