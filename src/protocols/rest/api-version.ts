import { UsageError } from '../../core/errors.js'

/** `scheme://authority` (optional), the path, and `?query#fragment` (optional). */
const urlParts = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)?([^?#]*)(.*)$/is
/** A first path segment `/vK` (or `vK` in a relative path), followed by `/` or the end of the path. */
const leadingVersion = /^(\/?)v\d+(?=\/|$)/i

function splitUrl(urlOrPath: string): { origin: string; path: string; rest: string } {
  const [, origin = '', path = '', rest = ''] = urlParts.exec(urlOrPath) ?? []
  return { origin, path, rest }
}

/** `2`, `'2'`, `'v2'`, `'V2'` → `'v2'`; anything else is a UsageError. */
export function normalizeApiVersion(version: string | number): string {
  const text = String(version).trim()
  const match = /^v?(\d+)$/i.exec(text)
  if (match && Number.isSafeInteger(Number(match[1]))) return `v${Number(match[1])}`
  throw new UsageError(`Invalid API version '${text}': expected a number such as 2, or v2.`, {
    where: '--api-version',
    hint: 'The version replaces the /vK/ segment at the start of the path, e.g. --api-version 2 turns /v1/items into /v2/items.',
  })
}

/** Whether the first path segment of a path or URL is a version (`/v1/...`). */
export function hasVersionSegment(urlOrPath: string): boolean {
  return leadingVersion.test(splitUrl(urlOrPath).path)
}

/**
 * Rewrites the leading `/vK` path segment of a path or full URL to the given
 * version (`--api-version 2` or `v2`), leaving everything else as written.
 * Without a version segment the input comes back unchanged: check with
 * `hasVersionSegment` first to warn.
 */
export function rewriteApiVersion(urlOrPath: string, version: string | number): string {
  const target = normalizeApiVersion(version)
  const { origin, path, rest } = splitUrl(urlOrPath)
  return origin + path.replace(leadingVersion, `$1${target}`) + rest
}
