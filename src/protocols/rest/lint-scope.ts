/** What decides whether a request's path is checked against the conventions. */
export interface LintScope {
  /** --lint (true), --no-lint (false), or neither (undefined: the profile's REST API only). */
  lint: boolean | undefined
  /** The request URL. */
  url: URL
  /** The path as typed (a path resolved against the base), or undefined for a full URL. */
  typedPath: string | undefined
  /** The active profile's REST base. */
  restBase: string | undefined
  /** The OAuth 2.0 token endpoint in use, if any. */
  tokenUrl?: string
}

/**
 * Endpoints whose names standards fix, not the team: OAuth 2.0 (RFC 6749),
 * well-known URIs (RFC 8615) and published API descriptions.
 */
const STANDARD_ENDPOINT = /^\/(?:oauth2?(?:\/|$)|\.well-known(?:\/|$)|(?:openapi|swagger)\.(?:json|ya?ml)$)/i

/**
 * The path to check before a request, or undefined for none (SPEC §4): the
 * conventions are the team's own, so they are checked on requests to the
 * active profile's REST API (the part after its base), never on a full URL to
 * another API (unless --lint), nor on endpoints a standard names (the OAuth
 * token endpoint, /.well-known/…).
 */
export function pathToLint(scope: LintScope): string | undefined {
  if (scope.lint === false) return undefined
  const path = scope.typedPath ?? pathUnderBase(scope.url, scope.restBase)
  if (scope.lint === true) return scope.typedPath ?? scope.url.pathname
  if (path === undefined || STANDARD_ENDPOINT.test(path)) return undefined
  if (scope.tokenUrl !== undefined && sameEndpoint(scope.tokenUrl, scope.url)) return undefined
  return path
}

/** A full URL's path after the REST base's, when the URL is under it. */
function pathUnderBase(url: URL, restBase: string | undefined): string | undefined {
  if (restBase === undefined || !URL.canParse(restBase)) return undefined
  const base = new URL(restBase)
  const prefix = base.pathname.replace(/\/+$/, '')
  if (url.origin !== base.origin) return undefined
  if (url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) return undefined
  return url.pathname.slice(prefix.length) || '/'
}

function sameEndpoint(tokenUrl: string, url: URL): boolean {
  if (!URL.canParse(tokenUrl)) return false
  const token = new URL(tokenUrl)
  return token.origin === url.origin && token.pathname === url.pathname
}
