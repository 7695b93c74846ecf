import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { IntrospectionQuery } from 'graphql'
import { cacheDir } from '../../../config/paths.js'
import { writeFileAtomic } from '../../../config/write-file-atomic.js'
import type { Context } from '../../../core/context.js'

/** What is kept per endpoint: the introspection result and when it was fetched. */
export interface CachedSchema {
  endpoint: string
  /** ISO time. */
  fetchedAt: string
  introspection: IntrospectionQuery
}

/** `<cache dir>/schemas/<sha256 of the endpoint URL>.json`. */
export function schemaCacheFile(env: Context['env'], endpoint: string): string {
  const key = createHash('sha256').update(endpoint).digest('hex').slice(0, 32)
  return join(cacheDir(env), 'schemas', `${key}.json`)
}

/** The cached schema of an endpoint, or undefined (none, unreadable or for another URL: fetch again). */
export async function readCachedSchema(
  env: Context['env'],
  endpoint: string,
): Promise<CachedSchema | undefined> {
  try {
    const cached = JSON.parse(await readFile(schemaCacheFile(env, endpoint), 'utf8')) as CachedSchema
    if (cached.endpoint !== endpoint || typeof cached.introspection?.__schema !== 'object') return undefined
    return cached
  } catch {
    return undefined
  }
}

export async function writeCachedSchema(
  env: Context['env'],
  endpoint: string,
  introspection: IntrospectionQuery,
): Promise<CachedSchema> {
  const cached: CachedSchema = { endpoint, fetchedAt: new Date().toISOString(), introspection }
  await writeFileAtomic(schemaCacheFile(env, endpoint), JSON.stringify(cached))
  return cached
}
