import type { IntrospectionQuery } from 'graphql'
import { keyedCacheFile, readKeyedCache, writeKeyedCache } from '../../../config/keyed-cache.js'
import type { Context } from '../../../core/context.js'

/** What is kept per endpoint: the introspection result and when it was fetched. */
export interface CachedSchema {
  endpoint: string
  /** ISO time. */
  fetchedAt: string
  introspection: IntrospectionQuery
}

/** `<cache dir>/schemas/<name from the endpoint URL>.json`. */
export function schemaCacheFile(env: Context['env'], endpoint: string): string {
  return keyedCacheFile(env, 'schemas', endpoint)
}

/** The cached schema of an endpoint, or undefined (none, unreadable or for another URL: fetch again). */
export async function readCachedSchema(
  env: Context['env'],
  endpoint: string,
): Promise<CachedSchema | undefined> {
  const cached = (await readKeyedCache(env, 'schemas', endpoint)) as Partial<CachedSchema> | undefined
  if (cached?.endpoint !== endpoint || typeof cached.introspection?.__schema !== 'object') return undefined
  return cached as CachedSchema
}

export async function writeCachedSchema(
  env: Context['env'],
  endpoint: string,
  introspection: IntrospectionQuery,
): Promise<CachedSchema> {
  const cached: CachedSchema = { endpoint, fetchedAt: new Date().toISOString(), introspection }
  await writeKeyedCache(env, 'schemas', endpoint, cached)
  return cached
}
