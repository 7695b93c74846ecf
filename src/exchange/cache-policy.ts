/**
 * How long a client object keeps what it learns (a GraphQL schema, a WSDL,
 * an OAuth 2.0 token, open connections), chosen by the surface that makes
 * it: `disk` for a CLI run (kept on disk for the next run), `disk+memory`
 * for a REPL session (and, as before this shape, a library client's REST
 * tokens), `memory` for what a library client holds for its life. In memory
 * also means connections kept alive between calls.
 */
export type CachePolicy = 'disk' | 'disk+memory' | 'memory'

/** Kept on disk between runs (the cache dir). */
export function keepsOnDisk(policy: CachePolicy): boolean {
  return policy !== 'memory'
}

/** Kept in memory while the client lives, connections reused. */
export function keepsInMemory(policy: CachePolicy): boolean {
  return policy !== 'disk'
}
