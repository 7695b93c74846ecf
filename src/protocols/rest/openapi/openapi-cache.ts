import { readKeyedCache, writeKeyedCache } from '../../../config/keyed-cache.js'
import type { Context } from '../../../core/context.js'
import type { OpenApiIndex } from './openapi-index.js'

/** Bumped whenever OpenApiIndex changes shape, so older cache files are read again. */
const cacheFormat = 1

/**
 * What is kept per OpenAPI source (a URL, a file, or a REST base where the
 * document was looked for): the digested index, not the document, so a
 * cached run loads no parser. A discovery that found nothing is kept too
 * (`index` null) so a plain request to an API without a document does not
 * look again on every run.
 */
export interface CachedOpenApi {
  format: number
  key: string
  fetchedAt: string
  /** For a file: its mtime and size when read; the entry is stale once they change. */
  stamp?: string | undefined
  /** Where the document was found (discovery), for messages. */
  source?: string | undefined
  index: OpenApiIndex | null
}

export async function readCachedOpenApi(
  env: Context['env'],
  key: string,
  stamp?: string,
): Promise<CachedOpenApi | undefined> {
  const cached = (await readKeyedCache(env, 'openapi', key)) as Partial<CachedOpenApi> | undefined
  if (cached?.format !== cacheFormat || cached.key !== key || cached.index === undefined) return undefined
  if (stamp !== undefined && cached.stamp !== stamp) return undefined
  if (cached.index !== null && !Array.isArray(cached.index.operations)) return undefined
  return cached as CachedOpenApi
}

export async function writeCachedOpenApi(
  env: Context['env'],
  entry: Omit<CachedOpenApi, 'format' | 'fetchedAt'>,
): Promise<CachedOpenApi> {
  const cached: CachedOpenApi = { format: cacheFormat, fetchedAt: new Date().toISOString(), ...entry }
  await writeKeyedCache(env, 'openapi', entry.key, cached)
  return cached
}
