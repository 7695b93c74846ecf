import { readKeyedCache, writeKeyedCache } from '../../../config/keyed-cache.js'
import type { Context } from '../../../core/context.js'

/** Bumped whenever the code written changes shape (or ajv's standalone output would), so older files are compiled again. */
const cacheFormat = 1

/**
 * Which cached OpenAPI document the validators belong to: its cache key and
 * the version of the entry (when it was read, and a file's stamp). A
 * document read again (`--refresh`, a file that changed) is a new version,
 * so the validators compiled from the old one are not used.
 */
export interface ValidatorCacheScope {
  env: Context['env']
  key: string
  version: string
}

/**
 * One set of compiled validators (an operation's request, one declared
 * response), as ajv's standalone code, beside the document's own entry in
 * the keyed cache (`openapi-validators/`, 0600 in the 0700 cache dir).
 */
interface CachedValidators {
  format: number
  key: string
  document: string
  /** The names of the validators, in the order of the module's exports. */
  keys: string[]
  code: string
}

const entryKey = (scope: ValidatorCacheScope, set: string) => `${scope.key}\n${set}`

/** The code of a set when the cache holds it for this very document version and these validators, else undefined. */
export async function readCachedValidators(
  scope: ValidatorCacheScope,
  set: string,
  keys: readonly string[],
): Promise<string | undefined> {
  const key = entryKey(scope, set)
  const cached = (await readKeyedCache(scope.env, 'openapi-validators', key)) as
    | Partial<CachedValidators>
    | undefined
  if (cached?.format !== cacheFormat || cached.key !== key || cached.document !== scope.version)
    return undefined
  if (typeof cached.code !== 'string' || !Array.isArray(cached.keys)) return undefined
  if (cached.keys.length !== keys.length || cached.keys.some((each, i) => each !== keys[i])) return undefined
  return cached.code
}

/** Keeps a set's code for later runs; a cache that cannot be written is no error (the next run compiles again). */
export async function writeCachedValidators(
  scope: ValidatorCacheScope,
  set: string,
  keys: readonly string[],
  code: string,
): Promise<void> {
  const key = entryKey(scope, set)
  const entry: CachedValidators = { format: cacheFormat, key, document: scope.version, keys: [...keys], code }
  await writeKeyedCache(scope.env, 'openapi-validators', key, entry).catch(() => undefined)
}
