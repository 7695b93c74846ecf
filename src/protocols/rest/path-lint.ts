import { isId, isJudgeable, isPlural, isWord, pluralize, sameNoun, verbs, words } from './path-words.js'

/**
 * The REST path conventions check (`apictl rest lint PATH`, and warnings
 * before each request unless --no-lint): version segment `/vN` first, plural
 * resource nouns, lower case, hyphens not underscores, no verbs, no file
 * extension. Heuristics only: warnings, never errors. Every segment but an
 * id is checked; a path with every fix applied is suggested when there is a
 * sensible one.
 */
export interface LintWarning {
  /** version-first | plural-nouns | lowercase | hyphens | no-verbs | no-extension */
  rule: string
  /** What is wrong, in a few words. */
  message: string
  /** The segment the warning is about, as written. */
  segment?: string
}

export interface PathLint {
  warnings: LintWarning[]
  /** The path with every fix applied (with the method, for a verb), when there is a sensible one. */
  suggestion?: string
}

const exactVersion = /^v\d+$/
const looseVersion = /^(?:v|ver|version)[-_.]?(\d+)(?:[._-]\d+)*$/i
const extension = /\.(?:json|xml|ya?ml|html?|php\d?|aspx?|jsp|cgi|pl|py|rb|txt|csv)$/i

interface Walk {
  warnings: LintWarning[]
  fixed: string[]
  /** False once a problem has no sensible rewrite. */
  suggestable: boolean
  /** The method a verb in the path asks for. */
  method?: string
  /** The last collection name, to recognise `items/1/update_item`. */
  collection?: string
}

function warn(walk: Walk, rule: string, segment: string, message: string): void {
  walk.warnings.push(segment === '' ? { rule, message } : { rule, message, segment })
}

/** Case, underscores and a leading verb, for any segment that is a word; returns its words after the verb. */
function lintWords(walk: Walk, segment: string): { rest: string[]; verb: boolean } {
  if (/[A-Z]/.test(segment)) warn(walk, 'lowercase', segment, `'${segment}' has upper-case letters`)
  if (segment.includes('_')) warn(walk, 'hyphens', segment, `'${segment}' has underscores; use hyphens`)
  const parts = words(segment)
  const method = parts[0] === undefined ? undefined : verbs[parts[0]]
  if (method === undefined) return { rest: parts, verb: false }
  warn(walk, 'no-verbs', segment, `'${segment}' is an action; let the method (${method}) say it`)
  walk.method ??= method
  return { rest: parts.slice(1), verb: true }
}

/** A segment where a collection is expected: all rules. False when it names only an action (it should go). */
function lintCollection(walk: Walk, segment: string): boolean {
  const { rest, verb } = lintWords(walk, segment)
  const last = rest.at(-1)
  // `items/1/update_item`: the action is on the item itself.
  if (last === undefined || (verb && walk.collection !== undefined && sameNoun(last, walk.collection))) {
    return false
  }
  if (isJudgeable(last) && !isPlural(last)) {
    warn(walk, 'plural-nouns', segment, `'${segment}' is singular; name collections in the plural`)
    rest[rest.length - 1] = pluralize(last)
  }
  walk.fixed.push(rest.join('-'))
  walk.collection = rest.at(-1)
  return true
}

/** A word where an id is expected (`users/list`, `items/Delete`): no plural rule; a verb here acts on the collection. */
function lintIdWord(walk: Walk, segment: string): void {
  const { rest, verb } = lintWords(walk, segment)
  if (!verb) {
    walk.fixed.push(rest.join('-'))
    return
  }
  const noun = rest.join('-')
  const onCollection =
    noun === '' || noun === 'all' || (walk.collection !== undefined && sameNoun(noun, walk.collection))
  // `items/addReview`: the review belongs to an item this path does not name, so no rewrite is sensible.
  if (!onCollection) walk.suggestable = false
}

function lintSegments(walk: Walk, segments: string[], versionIndex: number): void {
  let expectCollection = true
  for (const [index, segment] of segments.entries()) {
    if (index === versionIndex) continue
    const bare = segment.replace(extension, '')
    if (bare !== segment) {
      warn(walk, 'no-extension', segment, `'${segment}' has a file extension; ask with --accept instead`)
    }
    if (looseVersion.test(bare)) {
      warn(walk, 'version-first', segment, `'${segment}' is a second version segment`)
      walk.suggestable = false
      continue
    }
    const prefix = walk.fixed.length === 0 && /^(?:api|rest)$/i.test(bare)
    if (prefix || isId(bare) || (!expectCollection && !isWord(bare))) {
      walk.fixed.push(prefix ? bare.toLowerCase() : bare)
      expectCollection = true
      continue
    }
    if (expectCollection) {
      // A segment that was only a verb is dropped: a collection is still expected.
      expectCollection = !lintCollection(walk, bare)
    } else {
      lintIdWord(walk, bare)
      expectCollection = true
    }
  }
}

function versionWarning(walk: Walk, segments: string[], index: number): void {
  const segment = segments[index]
  if (segment === undefined) {
    warn(walk, 'version-first', '', 'no version segment; start the path with /vN')
  } else if (index !== 0) {
    warn(walk, 'version-first', segment, `'${segment}' should be the first segment`)
  } else if (!exactVersion.test(segment)) {
    warn(walk, 'version-first', segment, `'${segment}' is not in /vN form (lower-case v, major version only)`)
  }
}

function pathOf(input: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(input)) {
    try {
      return new URL(input).pathname
    } catch {
      // not a URL after all: read it as a path
    }
  }
  return input.replace(/[?#].*$/s, '')
}

/** The path-conventions check of a path or URL (its query string is ignored). */
export function lintPath(input: string): PathLint {
  const segments = pathOf(input)
    .split('/')
    .filter((segment) => segment !== '')
  if (segments.length === 0) return { warnings: [] }
  const versionIndex = segments.findIndex((segment) => looseVersion.test(segment))
  const walk: Walk = { warnings: [], fixed: [], suggestable: true }
  versionWarning(walk, segments, versionIndex)
  lintSegments(walk, segments, versionIndex)
  if (walk.warnings.length === 0 || !walk.suggestable) return { warnings: walk.warnings }
  const version = segments[versionIndex]?.replace(looseVersion, 'v$1').toLowerCase() ?? 'v1'
  const path = `/${[version, ...walk.fixed].join('/')}`
  return { warnings: walk.warnings, suggestion: walk.method === undefined ? path : `${walk.method} ${path}` }
}
