import { closestMatches } from '../../../config/did-you-mean.js'
import type { OpenApiOperation } from './openapi-index.js'

/** What matching reads of an index: its base paths and each operation's method and path (a completion digest is enough). */
export interface MatchableIndex<Operation extends { method: string; path: string } = OpenApiOperation> {
  basePaths: readonly string[]
  operations: readonly Operation[]
}

export type OperationMatch<Operation = OpenApiOperation> =
  | { kind: 'found'; operation: Operation; pathParams: Record<string, string>; template: string }
  | { kind: 'no-path'; suggestions: string[] }
  | { kind: 'no-method'; template: string; methods: string[] }

interface Compiled {
  template: string
  pattern: RegExp
  names: string[]
  /** Literal characters: a more literal template wins over one with parameters. */
  weight: number
}

const compiled = new WeakMap<MatchableIndex<{ method: string; path: string }>, Compiled[]>()

function compile(index: MatchableIndex<{ method: string; path: string }>): Compiled[] {
  let list = compiled.get(index)
  if (list !== undefined) return list
  const templates = [...new Set(index.operations.map((op) => op.path))]
  list = templates.map((template) => {
    const names: string[] = []
    const source = template
      .split(/(\{[^}/]+\})/)
      .map((part) => {
        const name = /^\{([^}/]+)\}$/.exec(part)?.[1]
        if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        names.push(name)
        return '([^/]+)'
      })
      .join('')
    return {
      template,
      pattern: new RegExp(`^${source}/?$`),
      names,
      weight: template.replace(/\{[^}/]+\}/g, '').length,
    }
  })
  list.sort((a, b) => b.weight - a.weight)
  compiled.set(index, list)
  return list
}

/** The request path as the document writes it: each base path (servers, basePath) stripped in turn. */
function candidates(index: MatchableIndex<{ method: string; path: string }>, pathname: string): string[] {
  const found = [pathname]
  for (const base of index.basePaths) {
    if (base !== '' && (pathname === base || pathname.startsWith(`${base}/`)))
      found.unshift(pathname.slice(base.length) || '/')
  }
  return found
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** The operation a method and URL path name in the document, or why there is none. */
export function matchOperation<Operation extends { method: string; path: string } = OpenApiOperation>(
  index: MatchableIndex<Operation>,
  method: string,
  pathname: string,
): OperationMatch<Operation> {
  const upper = method.toUpperCase()
  for (const path of candidates(index, pathname)) {
    for (const each of compile(index)) {
      const match = each.pattern.exec(path)
      if (match === null) continue
      const operations = index.operations.filter((op) => op.path === each.template)
      const operation = operations.find((op) => op.method === upper)
      if (operation === undefined) {
        // HEAD is answered wherever GET is, even when the document leaves it out.
        const get = upper === 'HEAD' ? operations.find((op) => op.method === 'GET') : undefined
        if (get === undefined) {
          return { kind: 'no-method', template: each.template, methods: operations.map((op) => op.method) }
        }
      }
      const pathParams: Record<string, string> = {}
      each.names.forEach((name, position) => {
        pathParams[name] = decode(match[position + 1]!)
      })
      const found = operation ?? operations.find((op) => op.method === 'GET')!
      return { kind: 'found', operation: found, pathParams, template: each.template }
    }
  }
  return { kind: 'no-path', suggestions: nearestPaths(index, candidates(index, pathname)[0]!) }
}

/** Up to three declared paths closest to what was typed: by edit distance, else by shared leading segments. */
function nearestPaths(index: MatchableIndex<{ method: string; path: string }>, path: string): string[] {
  const templates = [...new Set(index.operations.map((op) => op.path))]
  const close = closestMatches(path, templates)
  if (close.length > 0) return close.slice(0, 3)
  const typed = path.split('/')
  const shared = (template: string) => {
    const parts = template.split('/')
    let same = 0
    while (
      same < Math.min(parts.length, typed.length) &&
      (parts[same] === typed[same] || parts[same]!.startsWith('{'))
    )
      same++
    return same
  }
  return templates
    .map((template) => ({ template, same: shared(template) }))
    .filter((each) => each.same > 1)
    .sort((a, b) => b.same - a.same || a.template.length - b.template.length)
    .slice(0, 3)
    .map((each) => each.template)
}
