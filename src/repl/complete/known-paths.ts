/** The reference server's resources, offered for the built-in profile before anything was sent. */
export const REFERENCE_PATHS = [
  '/v1/items',
  '/v1/items/1',
  '/v1/items/1/reviews',
  '/v2/items',
  '/v2/items/1',
  '/v2/items/1/reviews',
]

const LIMIT = 500

/**
 * REST paths the session has seen: those it requested, `Location` headers,
 * and `PATH/ID` for each object with an `id` in a list it got back.
 */
export class KnownPaths {
  private readonly paths = new Set<string>()

  constructor(private readonly reference: readonly string[] = []) {}

  add(path: string): void {
    if (path === '' || this.paths.has(path)) return
    if (this.paths.size >= LIMIT) this.paths.delete(this.paths.values().next().value!)
    this.paths.add(path)
  }

  /** What a response teaches: the path itself, where a created resource lives, the ids of a list. */
  learn(url: URL, base: string | undefined, body: unknown, location: string | undefined): void {
    const path = relativePath(url, base)
    if (path === undefined) return
    this.add(path)
    if (location !== undefined) {
      const created = relativePath(new URL(location, url), base)
      if (created !== undefined) this.add(created)
    }
    if (Array.isArray(body)) {
      for (const entry of body.slice(0, 100)) {
        const id = (entry as { id?: unknown } | null)?.id
        if (typeof id === 'string' || typeof id === 'number') this.add(`${path.replace(/\/$/, '')}/${id}`)
      }
    }
  }

  list(): string[] {
    return [...new Set([...this.reference, ...this.paths])]
  }
}

/** The path as typed against the REST base (`/v1/items`), or the full URL for another host. */
function relativePath(url: URL, base: string | undefined): string | undefined {
  if (base === undefined) return `${url.origin}${url.pathname}`
  const baseUrl = new URL(base)
  if (baseUrl.origin !== url.origin) return `${url.origin}${url.pathname}`
  const prefix = baseUrl.pathname.replace(/\/+$/, '')
  return url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) || '/' : undefined
}
