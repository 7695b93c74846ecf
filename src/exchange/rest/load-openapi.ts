import { stat } from 'node:fs/promises'
import { localPath } from '../../config/paths.js'
import type { Context } from '../../core/context.js'
import { ApictlError, UsageError } from '../../core/errors.js'
import type { HttpResponse } from '../../core/exchange.js'
import { ExitCode } from '../../core/exit-codes.js'
import { VERSION } from '../../core/version.js'
import {
  type CachedOpenApi,
  readCachedOpenApi,
  writeCachedOpenApi,
} from '../../protocols/rest/openapi/openapi-cache.js'
import { indexOpenApi, type OpenApiIndex } from '../../protocols/rest/openapi/openapi-index.js'

/** A discovery that found nothing is believed for this long (then looked for again). */
export const NEGATIVE_DISCOVERY_MS = 24 * 60 * 60 * 1000
/** Discovery waits at most this long: an API that does not answer is asked again only a day later. */
const DISCOVERY_TIMEOUT_MS = 5_000
const FETCH_TIMEOUT_MS = 30_000
const MAX_DOCUMENT_BYTES = 64 * 1024 * 1024

export interface OpenApiWhere {
  /** --openapi URL|FILE */
  flag?: string | undefined
  /** The profile's `openapi` field. */
  profileSource?: string | undefined
  /** The REST base to discover at (`/openapi.json`, then `/openapi.yaml`); undefined: no discovery. */
  discoverAt?: string | undefined
  /** The built-in profile: its document is the same whatever the port, so one cache entry. */
  builtin?: boolean
  /** Fetch again even when cached (--refresh). */
  refresh?: boolean
  /** The profile's or --insecure: TLS certificates not verified. */
  insecure?: boolean | undefined
  /** False for --dry-run and --curl: only what is cached is used, nothing is fetched. */
  fetch: boolean
}

export interface LoadedOpenApi {
  index: OpenApiIndex
  /** Where it came from, for messages. */
  source: string
  /** Its cache entry: the key and the version (when it was read, a file's stamp), which compiled validators are kept under. */
  entry: { key: string; version: string }
}

const isUrl = (text: string) => /^https?:\/\//i.test(text)

/**
 * The OpenAPI document for a REST call, as an index: from --openapi, the
 * profile's `openapi`, or discovery at the REST base, each cached per URL
 * (files per path, re-read when they change). Undefined when there is none.
 * The parser (@readme/openapi-parser) and yaml are loaded only on a miss.
 */
export async function loadOpenApi(where: OpenApiWhere, ctx: Context): Promise<LoadedOpenApi | undefined> {
  const place = await openApiCacheKey(where, ctx)
  if (place === undefined) return undefined
  const { key, stamp } = place
  if (place.kind === 'given') {
    const { source, given } = place
    if (!where.refresh) {
      const cached = await readCachedOpenApi(ctx.env, key, stamp)
      if (cached?.index) return { index: cached.index, source, entry: entryOf(cached) }
    }
    if (!where.fetch && isUrl(given)) return undefined
    const index = indexOpenApi(await readDocument(source, given, where.insecure === true))
    const written = await writeCachedOpenApi(ctx.env, { key, stamp, index })
    return { index, source, entry: entryOf(written) }
  }
  const base = place.base
  if (!where.refresh) {
    const cached = await readCachedOpenApi(ctx.env, key)
    if (cached !== undefined) {
      if (cached.index !== null)
        return { index: cached.index, source: cached.source ?? base, entry: entryOf(cached) }
      if (Date.now() - Date.parse(cached.fetchedAt) < NEGATIVE_DISCOVERY_MS) return undefined
    }
  }
  if (!where.fetch) return undefined
  for (const name of ['/openapi.json', '/openapi.yaml']) {
    const url = `${base}${name}`
    const text = await probe(url, where.insecure === true)
    if (text === undefined) continue
    let index: OpenApiIndex
    try {
      index = indexOpenApi(await parseDocument(text, url))
    } catch {
      continue // something else lives there: not an OpenAPI document
    }
    // The built-in server's port changes every run: name it by what it is.
    const source = where.builtin ? "the built-in server's /openapi.json" : url
    const written = await writeCachedOpenApi(ctx.env, { key, source, index })
    return { index, source, entry: entryOf(written) }
  }
  await writeCachedOpenApi(ctx.env, { key, index: null })
  return undefined
}

/** Where a call's document is kept in the cache: a given URL or file (with the file's stamp), or a discovery at a base. */
export type OpenApiPlace =
  | { kind: 'given'; key: string; stamp: string | undefined; source: string; given: string }
  | { kind: 'discovered'; key: string; stamp?: undefined; base: string }

/**
 * The cache key of the document a call uses (loadOpenApi's, and shell
 * completion's, which reads only the cache); undefined when there is none
 * to look for. A file that cannot be read is a usage error.
 */
export async function openApiCacheKey(
  where: Pick<OpenApiWhere, 'flag' | 'profileSource' | 'discoverAt' | 'builtin'>,
  ctx: Context,
): Promise<OpenApiPlace | undefined> {
  const given = where.flag ?? where.profileSource
  if (given !== undefined) {
    const source = isUrl(given) ? given : localPath(given, ctx)
    const stamp = isUrl(given) ? undefined : await fileStamp(source, given)
    return { kind: 'given', key: source, stamp, source, given }
  }
  if (where.discoverAt === undefined) return undefined
  const base = where.discoverAt.replace(/\/+$/, '')
  return { kind: 'discovered', key: where.builtin ? `builtin:${VERSION}` : `discover:${base}`, base }
}

function entryOf(cached: CachedOpenApi): LoadedOpenApi['entry'] {
  return { key: cached.key, version: `${cached.fetchedAt} ${cached.stamp ?? ''}` }
}

async function fileStamp(path: string, given: string): Promise<string> {
  try {
    const info = await stat(path)
    return `${info.mtimeMs}:${info.size}`
  } catch (error) {
    throw new UsageError(`Cannot read the OpenAPI document ${given}: ${(error as Error).message}.`, {
      where: given,
      hint: 'Give a file that exists, or an http(s) URL.',
      cause: error,
    })
  }
}

/** GET a discovery URL: its text when it answers 200 with something that may be a document, else undefined. */
async function probe(url: string, insecure: boolean): Promise<string | undefined> {
  try {
    const response = await getDocument(url, insecure, DISCOVERY_TIMEOUT_MS)
    if (response.status !== 200 || response.body.length > MAX_DOCUMENT_BYTES) return undefined
    const text = response.body.toString('utf8')
    return /"?(?:openapi|swagger)"?\s*:/.test(text.slice(0, 4096)) ? text : undefined
  } catch {
    return undefined // discovery is best effort: the request goes on without a document
  }
}

/** The document's URL fetched through apictl's own transport (no fetch/undici: they would load TLS on every plain run). */
async function getDocument(
  url: string,
  insecure: boolean,
  timeoutMs = FETCH_TIMEOUT_MS,
): Promise<HttpResponse> {
  const { send } = await import('../../transport/send.js')
  return send(
    { method: 'GET', url, headers: { Accept: 'application/json, application/yaml;q=0.9, */*;q=0.1' } },
    { timeoutMs, retry: 0, insecure, followRedirects: true },
  )
}

/**
 * Reads a document through the parser (JSON or YAML; a file's external $refs
 * bundled in). A URL is fetched here, not by the parser, which refuses
 * loopback and private addresses (its SSRF guard) — where test and
 * in-house APIs live.
 */
async function readDocument(
  source: string,
  given: string,
  insecure: boolean,
): Promise<Record<string, unknown>> {
  try {
    if (isUrl(source)) {
      const response = await getDocument(source, insecure)
      if (response.status !== 200)
        throw new Error(`${source} answered ${response.status} ${response.statusText}`)
      return await parseDocument(response.body.toString('utf8'), source)
    }
    const { bundle } = await import('@readme/openapi-parser')
    return (await bundle(source as never)) as unknown as Record<string, unknown>
  } catch (error) {
    throw new ApictlError(
      `The OpenAPI document ${given} cannot be read: ${firstLine(error)}.`,
      isUrl(given) ? ExitCode.Network : ExitCode.Usage,
      {
        where: given,
        hint: 'Check the URL or file; apictl reads OpenAPI 3.0, 3.1 and Swagger 2.0, as JSON or YAML.',
        cause: error,
      },
    )
  }
}

/** JSON or YAML text → the document, through the parser (internal $refs checked, nothing fetched). */
async function parseDocument(text: string, url: string): Promise<Record<string, unknown>> {
  let value: unknown
  if (/^\s*[{[]/.test(text)) value = JSON.parse(text)
  else value = (await import('yaml')).parse(text, { maxAliasCount: 1000 })
  if (typeof value !== 'object' || value === null || !('paths' in value || 'webhooks' in value))
    throw new Error(`${url} is not an OpenAPI document`)
  const { bundle } = await import('@readme/openapi-parser')
  return (await bundle(value as never)) as unknown as Record<string, unknown>
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return (text.split('\n')[0] ?? text).slice(0, 300).replace(/\.$/, '')
}
