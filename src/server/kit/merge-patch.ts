import { isPlainObject } from './item-validation.js'
import { StoreError } from './store-error.js'

/** Far deeper than any item; keeps a hostile patch from exhausting the stack. */
const maximumDepth = 32

/**
 * RFC 7396 JSON merge patch: objects merge key by key, `null` removes a key,
 * anything else replaces. The result is built on null-prototype objects, so a
 * `__proto__` key in the patch stays an ordinary (and later refused) key and
 * never reaches a prototype.
 */
export function applyMergePatch(target: unknown, patch: unknown, depth = 0): unknown {
  if (!isPlainObject(patch)) return patch
  if (depth >= maximumDepth) {
    throw StoreError.invalid([{ field: '(body)', message: `is nested deeper than ${maximumDepth} levels` }])
  }
  const result: Record<string, unknown> = Object.create(null)
  if (isPlainObject(target)) {
    for (const key of Object.keys(target)) result[key] = target[key]
  }
  for (const key of Object.keys(patch)) {
    const value = patch[key]
    if (value === null) delete result[key]
    else result[key] = applyMergePatch(result[key], value, depth + 1)
  }
  return result
}
