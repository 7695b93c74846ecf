import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { cacheDir } from '../../../config/paths.js'
import { writeFileAtomic } from '../../../config/write-file-atomic.js'
import type { Context } from '../../../core/context.js'
import type { ServiceDescription } from './service-description.js'

/** Bumped whenever ServiceDescription changes shape, so older cache files are simply fetched again. */
const cacheFormat = 1

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

/** `<cache dir>/wsdl/<sha256 of the key>.json` */
export function wsdlCacheFile(env: Context['env'], key: string): string {
  const name = createHash('sha256').update(key).digest('hex').slice(0, 32)
  return join(cacheDir(env), 'wsdl', `${name}.json`)
}

/** The cached description for a key, or undefined (none, unreadable, another format or a stale stamp). */
export async function readCachedService(
  env: Context['env'],
  key: string,
  stamp?: string,
): Promise<CachedService | undefined> {
  try {
    const cached = JSON.parse(await readFile(wsdlCacheFile(env, key), 'utf8')) as CachedService
    if (cached.format !== cacheFormat || cached.key !== key || !Array.isArray(cached.service?.operations))
      return undefined
    if (stamp !== undefined && cached.stamp !== stamp) return undefined
    return cached
  } catch {
    return undefined
  }
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
  await writeFileAtomic(wsdlCacheFile(env, key), JSON.stringify(cached))
  return cached
}
