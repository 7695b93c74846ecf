import { keyedCacheFile, readKeyedCache, writeKeyedCache } from '../../../config/keyed-cache.js'
import type { Context } from '../../../core/context.js'
import { linkService, type ServiceDescription } from './service-description.js'

/**
 * Bumped whenever ServiceDescription changes shape (or what is accepted into
 * it: 2 refused WSDLs with dangling references; 3 describes complex types
 * once in `types`, header parts and encoded bodies, and keeps operations
 * with dangling references as not callable), so older cache files are
 * simply fetched again.
 */
const cacheFormat = 3

/** What is kept per WSDL: the digested description (not the XML), so a cached run parses no WSDL. */
export interface CachedService {
  format: number
  /** The WSDL's URL or absolute path (or the built-in server's key). */
  key: string
  /** ISO time it was read. */
  fetchedAt: string
  /** For a file: its mtime and size when read; the entry is stale once they change. */
  stamp?: string | undefined
  service: ServiceDescription
}

/** `<cache dir>/wsdl/<name from the key>.json` */
export function wsdlCacheFile(env: Context['env'], key: string): string {
  return keyedCacheFile(env, 'wsdl', key)
}

/** The cached description for a key, or undefined (none, unreadable, another format or a stale stamp). */
export async function readCachedService(
  env: Context['env'],
  key: string,
  stamp?: string,
): Promise<CachedService | undefined> {
  const cached = (await readKeyedCache(env, 'wsdl', key)) as Partial<CachedService> | undefined
  if (cached?.format !== cacheFormat || cached.key !== key || !Array.isArray(cached.service?.operations))
    return undefined
  if (stamp !== undefined && cached.stamp !== stamp) return undefined
  linkService(cached.service)
  return cached as CachedService
}

export async function writeCachedService(
  env: Context['env'],
  key: string,
  service: ServiceDescription,
  stamp?: string,
): Promise<CachedService> {
  const cached: CachedService = {
    format: cacheFormat,
    key,
    fetchedAt: new Date().toISOString(),
    stamp,
    service,
  }
  await writeKeyedCache(env, 'wsdl', key, cached)
  return cached
}
