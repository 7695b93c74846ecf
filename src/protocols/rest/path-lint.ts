/**
 * The REST path conventions check (`apictl rest lint PATH`, and a warning
 * before each request unless --no-lint): version segment `/vN` first, plural
 * resource nouns, lower case, hyphens not underscores, no verbs, no file
 * extension. Heuristics only: warnings, never errors. Each message says what
 * is wrong and gives the whole path with every fix applied.
 */
export interface LintWarning {
  /** version-first | plural-nouns | lowercase | hyphens | no-verbs | no-extension */
  rule: string
  message: string
  /** The segment the warning is about, as written. */
  segment?: string
}

const exactVersion = /^v\d+$/
const looseVersion = /^(?:v|ver|version)[-_.]?(\d+)(?:[._-]\d+)*$/i
const extension = /\.(?:json|xml|ya?ml|html?|php\d?|aspx?|jsp|cgi|pl|py|rb|txt|csv)$/i
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const placeholder = /^(?:\{.*\}|<.*>|:.+)$/

/** The first word of a segment that makes it an action, and the method that should carry it. */
const verbs: Record<string, string> = {
  get: 'GET',
  fetch: 'GET',
  list: 'GET',
  find: 'GET',
  read: 'GET',
  retrieve: 'GET',
  create: 'POST',
  add: 'POST',
  make: 'POST',
  insert: 'POST',
  do: 'POST',
  execute: 'POST',
  run: 'POST',
  send: 'POST',
  update: 'PUT or PATCH',
  set: 'PUT or PATCH',
  edit: 'PUT or PATCH',
  modify: 'PUT or PATCH',
  change: 'PUT or PATCH',
  save: 'PUT or PATCH',
  delete: 'DELETE',
  remove: 'DELETE',
  destroy: 'DELETE',
}

/** Nouns that are fine in the singular (uncountable, singletons, well-known endpoints) or plurals without s. */
const pluralExempt = new Set(
  (
    'health healthz auth login logout signup me self info metadata config configuration search graphql soap ' +
    'wsdl oauth oauth2 token openapi swagger feedback software equipment information news ' +
    'people children men women data media criteria feet teeth mice geese indices matrices'
  ).split(' '),
)

const isId = (segment: string): boolean =>
  /^\d+$/.test(segment) ||
  uuid.test(segment) ||
  (/^[0-9a-f]{8,}$/i.test(segment) && /\d/.test(segment)) ||
  placeholder.test(segment)

/** `getOrderItems`, `get_order-items` → ['get', 'order', 'items'] */
function words(segment: string): string[] {
  return segment
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase()
    .split(/[-_]+/)
    .filter((word) => word !== '')
}

function pluralize(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`
  if (/(?:s|x|z|ch|sh)$/.test(word)) return `${word}es`
  return `${word}s`
}

const isPlural = (word: string): boolean => word.endsWith('s') || pluralExempt.has(word)

interface Finding {
  rule: string
  segment: string
  problem: string
  /** For no-verbs: the method that should carry the action. */
  method?: string
}

/** Checks one collection segment; returns its fixed form (`undefined`: drop it) and what is wrong. */
function lintCollection(segment: string, findings: Finding[]): string | undefined {
  const add = (rule: string, problem: string, method?: string) =>
    findings.push({ rule, segment, problem, method })
  if (/[A-Z]/.test(segment)) add('lowercase', `'${segment}' has upper-case letters`)
  if (segment.includes('_')) add('hyphens', `'${segment}' uses underscores; separate words with hyphens`)
  let parts = words(segment)
  const method = parts[0] === undefined ? undefined : verbs[parts[0]]
  if (method !== undefined) {
    parts = parts.slice(1)
    add('no-verbs', `'${segment}' names an action; let the method say it`, method)
  }
  const last = parts.at(-1)
  if (last === undefined) return undefined
  if (!isPlural(last)) {
    parts[parts.length - 1] = pluralize(last)
    add('plural-nouns', `'${segment}' looks singular; name collections in the plural`)
  }
  return parts.join('-')
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

function versionFinding(segments: string[], index: number): Finding | undefined {
  const segment = segments[index]
  if (segment === undefined) {
    return { rule: 'version-first', segment: '', problem: 'no version segment; start the path with /vN' }
  }
  if (index === 0 && exactVersion.test(segment)) return undefined
  const problem =
    index === 0
      ? `'${segment}' is not a /vN version segment (lower-case v, major version only)`
      : `the version segment '${segment}' should come first`
  return { rule: 'version-first', segment, problem }
}

/** Fixes every segment after the version; findings are added to `findings`. */
function lintSegments(segments: string[], findings: Finding[]): string[] {
  const fixed: string[] = []
  let expectCollection = true
  for (const [position, segment] of segments.entries()) {
    const bare = segment.replace(extension, '')
    if (bare !== segment) {
      const problem = `'${segment}' has a file extension; ask for a format with the Accept header (--accept)`
      findings.push({ rule: 'no-extension', segment, problem })
    }
    const prefix = position === 0 && /^(?:api|rest)$/i.test(bare)
    if (prefix || isId(bare) || !expectCollection) {
      fixed.push(bare)
      expectCollection = true
      continue
    }
    const collection = lintCollection(bare, findings)
    if (collection !== undefined) fixed.push(collection)
    expectCollection = false
  }
  return fixed
}

const joinPath = (segments: string[]): string => `/${segments.join('/')}`

/** Path conventions warnings for a path or URL (its query string is ignored). */
export function lintPath(input: string): LintWarning[] {
  const segments = pathOf(input)
    .split('/')
    .filter((segment) => segment !== '')
  if (segments.length === 0) return []
  const versionIndex = segments.findIndex((segment) => looseVersion.test(segment))
  const findings: Finding[] = []
  const versionProblem = versionFinding(segments, versionIndex)
  if (versionProblem) findings.push(versionProblem)
  const fixed = lintSegments(
    segments.filter((_, index) => index !== versionIndex),
    findings,
  )
  const version = segments[versionIndex]?.replace(looseVersion, 'v$1')
  const fixedPath = joinPath(version === undefined ? fixed : [version, ...fixed])
  const original = joinPath(segments)
  return findings.map(({ rule, segment, problem, method }) => {
    const suggestion =
      rule === 'version-first' && version === undefined ? joinPath(['v1', ...fixed]) : fixedPath
    const message = `${problem}: use ${method === undefined ? '' : `${method} `}${suggestion} instead of ${original}`
    return segment === '' ? { rule, message } : { rule, message, segment }
  })
}
