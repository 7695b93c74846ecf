import { loadActiveProfile } from '../../config/active-profile.js'
import { expandProfile } from '../../config/resolve-profile.js'
import type { Context } from '../../core/context.js'
import { REST_METHODS } from '../../protocols/rest/client/rest-method.js'
import {
  type CompletionDigest,
  type CompletionOperation,
  restLineCandidates,
} from '../../protocols/rest/openapi/completion-candidates.js'
import {
  readCachedCompletionDigest,
  readCachedOpenApi,
  writeCachedCompletionDigest,
} from '../../protocols/rest/openapi/openapi-cache.js'
import { openApiCacheKey } from './load-openapi.js'

/** The words of a command line as the shell splits them, after `apictl`; the last is the one being completed. */
interface RestLine {
  profile?: string
  openapi?: string
  positionals: string[]
  current: string
}

/** What the CLI's definition says of a rest line. */
export interface RestLineSyntax {
  /** Options followed by a value (`--profile`, `-o`). */
  valueFlags: ReadonlySet<string>
  /** What may come right after `rest` (its methods, `lint`). */
  firstWords: readonly string[]
}

const methods = new Set<string>(REST_METHODS)

/**
 * What the shell's Tab offers on an `apictl rest` line from the OpenAPI
 * document: its methods first; after the method, the document's paths for
 * it (`ops`: every path); after the path, the operation's query parameters, headers and
 * body fields the line does not give yet. Only the cache is read (the
 * digest written with the document): nothing is fetched, no server is
 * started, no parser loaded. Anything else (options, their values, a line
 * that is not `rest`, no cached document) gets nothing, and the script
 * offers what it always did.
 */
export async function completeRestWords(
  words: readonly string[],
  syntax: RestLineSyntax,
  ctx: Context,
): Promise<string[]> {
  const line = parseLine(words, syntax.valueFlags)
  if (line === undefined || line.current.startsWith('-')) return []
  const [first, path, ...items] = line.positionals
  if (first === undefined) return [...syntax.firstWords]
  const word = first.toLowerCase()
  let method: string
  if (word === 'ops') {
    if (path !== undefined) return []
    method = 'any'
  } else if (methods.has(word.toUpperCase())) method = word
  else return []
  const typed = path ?? line.current
  if (/^(https?:|:)/i.test(typed)) return []
  const digest = await cachedDigest(line, ctx)
  if (digest === undefined) return []
  return restLineCandidates(digest, method, path, items)
}

/** The positionals and the options that choose the document, or undefined when the line is not `rest` or the word is an option's value. */
function parseLine(words: readonly string[], valueFlags: ReadonlySet<string>): RestLine | undefined {
  if (words.length === 0) return undefined
  const current = words.at(-1)!
  const line: RestLine = { positionals: [], current }
  let command: string | undefined
  for (let at = 0; at < words.length - 1; at++) {
    const word = words[at]!
    if (word.startsWith('-') && word !== '-') {
      const [flag, inline] = word.includes('=')
        ? [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]
        : [word, undefined]
      if (!valueFlags.has(flag)) continue
      let value = inline
      if (value === undefined) {
        at += 1
        if (at >= words.length - 1) return undefined // the word being completed is this option's value
        value = words[at]!
      }
      if (flag === '--profile') line.profile = value
      if (flag === '--openapi') line.openapi = value
      continue
    }
    if (command === undefined) command = word
    else line.positionals.push(word)
  }
  return command === 'rest' ? line : undefined
}

/** The digest of the line's document from the cache (made from the cached index, once, when an older run left none). */
async function cachedDigest(line: RestLine, ctx: Context): Promise<CompletionDigest | undefined> {
  let place: Awaited<ReturnType<typeof openApiCacheKey>>
  try {
    const resolved = await loadActiveProfile(
      line.profile === undefined ? {} : { profileName: line.profile },
      ctx.env,
    )
    const profile = expandProfile(resolved, ctx.env)
    place = await openApiCacheKey(
      {
        flag: line.openapi,
        profileSource: profile.openapi,
        discoverAt: resolved.builtin ? 'builtin' : profile.rest,
        builtin: resolved.builtin,
      },
      ctx,
    )
  } catch {
    return undefined // an unknown profile, an unset variable, a file that is not there: nothing to offer
  }
  if (place === undefined) return undefined
  let cached = await readCachedCompletionDigest(ctx.env, place.key, place.stamp)
  if (cached === undefined) {
    const entry = await readCachedOpenApi(ctx.env, place.key, place.stamp)
    if (entry === undefined) return undefined
    cached = await writeCachedCompletionDigest(ctx.env, entry).catch(() => undefined)
  }
  const digest = cached?.digest
  if (digest === null || digest === undefined) return undefined
  return {
    basePaths: digest.basePaths.filter((each) => typeof each === 'string'),
    operations: digest.operations.filter(wellFormed),
  }
}

function wellFormed(operation: CompletionOperation): boolean {
  return (
    typeof operation === 'object' &&
    operation !== null &&
    typeof operation.method === 'string' &&
    typeof operation.path === 'string' &&
    Array.isArray(operation.items) &&
    operation.items.every((item) => typeof item === 'string')
  )
}
