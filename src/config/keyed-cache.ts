import { join } from 'node:path'
import type { Context } from '../core/context.js'
import { cacheDir } from './paths.js'
import { readText } from './read-text.js'
import { writeFileAtomic } from './write-file-atomic.js'

/**
 * `<cache dir>/<folder>/<32 hex digits from the key>.json`. The name comes from a fast
 * non-cryptographic 128-bit hash (cyrb128), not sha256: loading node:crypto would cost every
 * cached run ~1.7 ms. Each entry stores its key and readers compare it, so a collision could
 * only ever be a cache miss.
 */
export function keyedCacheFile(env: Context['env'], folder: string, key: string): string {
  return join(cacheDir(env), folder, `${hashName(key)}.json`)
}

/** The parsed entry for a key, or undefined when there is none or it is not JSON (the caller checks its shape and key). */
export async function readKeyedCache(env: Context['env'], folder: string, key: string): Promise<unknown> {
  try {
    return JSON.parse(await readText(keyedCacheFile(env, folder, key))) as unknown
  } catch {
    return undefined
  }
}

/** Writes the entry for a key atomically (0600 in a 0700 folder). */
export function writeKeyedCache(
  env: Context['env'],
  folder: string,
  key: string,
  entry: unknown,
): Promise<void> {
  return writeFileAtomic(keyedCacheFile(env, folder, key), JSON.stringify(entry))
}

function hashName(text: string): string {
  let h1 = 1779033703
  let h2 = 3144134277
  let h3 = 1013904242
  let h4 = 2773480762
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i)
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067)
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233)
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213)
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179)
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067)
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233)
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213)
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179)
  h1 ^= h2 ^ h3 ^ h4
  h2 ^= h1
  h3 ^= h1
  h4 ^= h1
  return [h1, h2, h3, h4].map((h) => (h >>> 0).toString(16).padStart(8, '0')).join('')
}
