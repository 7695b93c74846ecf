import { isPlainObject } from './item-validation.js'

/**
 * RFC 7396 JSON merge patch: objects merge key by key, `null` removes a key,
 * anything else replaces. The result is built on null-prototype objects, so a
 * `__proto__` key in the patch stays an ordinary (and later refused) key and
 * never reaches a prototype.
 */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return patch
  const result: Record<string, unknown> = Object.create(null)
  if (isPlainObject(target)) {
    for (const key of Object.keys(target)) result[key] = target[key]
  }
  for (const key of Object.keys(patch)) {
    const value = patch[key]
    if (value === null) delete result[key]
    else result[key] = applyMergePatch(result[key], value)
  }
  return result
}
