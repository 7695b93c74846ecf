import type { Context } from '../../core/context.js'
import {
  hasVersionSegment,
  normalizeApiVersion,
  rewriteApiVersion,
} from '../../protocols/rest/api-version.js'
import { resolveRestUrl } from '../../protocols/rest/client/resolve-rest-url.js'
import type { Target } from '../target.js'

/**
 * The URL, with --api-version applied to the path the user typed (a path
 * before the REST base is prefixed, so a base such as http://h/api keeps its
 * path), and that typed path (undefined for a full URL): the conventions are checked on it alone.
 */
export function restUrl(
  call: { url: string; apiVersion?: string | undefined },
  target: Pick<Target, 'rest' | 'profileName'>,
  ctx: Context,
): { url: URL; typedPath: string | undefined } {
  const isPath = call.url.startsWith('/')
  let typed = call.url
  if (isPath && call.apiVersion !== undefined) typed = withApiVersion(typed, call.apiVersion, ctx)
  let url = resolveRestUrl(typed, target.rest, target.profileName)
  if (!isPath && call.apiVersion !== undefined) {
    url = new URL(withApiVersion(url.toString(), call.apiVersion, ctx))
  }
  return { url, typedPath: isPath ? typed.replace(/[?#].*$/s, '') : undefined }
}

function withApiVersion(urlOrPath: string, version: string, ctx: Context): string {
  normalizeApiVersion(version) // a bad version is a usage error before any warning
  if (!hasVersionSegment(urlOrPath)) {
    const path = urlOrPath.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, '').replace(/[?#].*$/s, '') || '/'
    ctx.stderr.write(`warning: --api-version ${version}: ${path} has no leading /vN/ segment to rewrite.\n`)
  }
  return rewriteApiVersion(urlOrPath, version)
}
