/**
 * How long a client object keeps what it learns (a GraphQL schema, a WSDL,
 * an OAuth 2.0 token, open connections), chosen by the surface that makes
 * it: `disk` for a CLI run (kept on disk for the next run), `disk+memory`
 * for a REPL session, `memory` for a library client, which holds its
 * schemas, WSDLs and tokens for its life and writes nothing to the cache
 * dir. In memory also means connections kept alive between calls.
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
