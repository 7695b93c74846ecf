import { readKeyedCache, writeKeyedCache } from '../../../config/keyed-cache.js'
import type { Context } from '../../../core/context.js'
import { type CompletionDigest, completionDigest } from './completion-candidates.js'
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

/**
 * Writes the entry, and its completion digest beside it (`openapi-completion/`,
 * same key and stamp): what the shell's Tab reads, a few KB where the index
 * may be MBs. "No document" gets a digest too, so a document that went away
 * is not offered any more.
 */
export async function writeCachedOpenApi(
  env: Context['env'],
  entry: Omit<CachedOpenApi, 'format' | 'fetchedAt'>,
): Promise<CachedOpenApi> {
  const cached: CachedOpenApi = { format: cacheFormat, fetchedAt: new Date().toISOString(), ...entry }
  await writeKeyedCache(env, 'openapi', entry.key, cached)
  await writeCachedCompletionDigest(env, cached)
  return cached
}

/** The completion digest of a cached entry, written under the entry's key; returned. */
export async function writeCachedCompletionDigest(
  env: Context['env'],
  cached: CachedOpenApi,
): Promise<CachedCompletionDigest> {
  const digest: CachedCompletionDigest = {
    format: cacheFormat,
    key: cached.key,
    fetchedAt: cached.fetchedAt,
    stamp: cached.stamp,
    digest: cached.index === null ? null : completionDigest(cached.index),
  }
  await writeKeyedCache(env, 'openapi-completion', cached.key, digest)
  return digest
}

/** What completion reads of a cached document (written with it by writeCachedOpenApi). */
export interface CachedCompletionDigest {
  format: number
  key: string
  fetchedAt: string
  stamp?: string | undefined
  digest: CompletionDigest | null
}

/** The completion digest for a key (and a file's stamp), undefined when there is none or it is stale or damaged. */
export async function readCachedCompletionDigest(
  env: Context['env'],
  key: string,
  stamp?: string,
): Promise<CachedCompletionDigest | undefined> {
  const cached = (await readKeyedCache(env, 'openapi-completion', key)) as
    | Partial<CachedCompletionDigest>
    | undefined
  if (cached?.format !== cacheFormat || cached.key !== key || cached.digest === undefined) return undefined
  if (stamp !== undefined && cached.stamp !== stamp) return undefined
  const digest = cached.digest
  if (digest !== null && (!Array.isArray(digest.operations) || !Array.isArray(digest.basePaths)))
    return undefined
  return cached as CachedCompletionDigest
}
