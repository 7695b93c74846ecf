import { describeOperation } from '../../protocols/rest/openapi/describe-operation.js'
import { matchOperation } from '../../protocols/rest/openapi/match-operation.js'
import type { OpenApiIndex } from '../../protocols/rest/openapi/openapi-index.js'
import type { LastResult } from '../session.js'

const httpMethods = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'])
const FILLED = 50

/** The ids of the last answer when it was a list of objects: `{id}` in a path is filled with them. */
function lastIds(last: LastResult | undefined): { listPath: string; ids: string[] } | undefined {
  if (last?.style !== 'rest' || !Array.isArray(last.value)) return undefined
  const url = /^\S+ (\S+)$/.exec(last.label)?.[1]
  if (url === undefined) return undefined
  let listPath: string
  try {
    listPath = new URL(url).pathname.replace(/\/+$/, '')
  } catch {
    return undefined
  }
  const ids = last.value
    .slice(0, FILLED)
    .map((entry) => (entry as { id?: unknown } | null)?.id)
    .filter((id): id is string | number => typeof id === 'string' || typeof id === 'number')
    .map(String)
  return ids.length === 0 ? undefined : { listPath, ids }
}

/**
 * The document's paths for a method (every path on a bare line): each
 * template as declared, and with its first path parameter filled from the
 * last list answer when that list is what the parameter indexes
 * (`/v1/items/{id}` → `/v1/items/1`, `/v1/items/2`, … after `get /v1/items`).
 */
export function documentPaths(
  index: OpenApiIndex,
  method: string | undefined,
  last: LastResult | undefined,
  base = '',
): string[] {
  const wanted = method?.toUpperCase()
  const filter = wanted !== undefined && httpMethods.has(wanted) ? wanted : undefined
  const templates = [
    ...new Set(
      index.operations.filter((op) => filter === undefined || op.method === filter).map((op) => op.path),
    ),
  ]
  const list = lastIds(last)
  const paths: string[] = []
  for (const template of templates) {
    const open = template.indexOf('{')
    if (open === -1) {
      paths.push(template)
      continue
    }
    const prefix = template.slice(0, open).replace(/\/+$/, '')
    if (list !== undefined && `${base}${prefix}` === list.listPath) {
      const rest = template.slice(template.indexOf('}', open) + 1)
      for (const id of list.ids) paths.push(`${prefix}/${encodeURIComponent(id)}${rest}`)
    }
    paths.push(template)
  }
  return paths
}

/**
 * What may follow a path the document declares, for the method: query
 * parameters (`limit==`), header parameters (`X-Key:`), and body fields
 * (`name=`; nested ones as `price[amount]=`). `field=` is typed by the
 * schema, so numbers and booleans need no `:=`.
 */
export function documentItems(index: OpenApiIndex, method: string, path: string): string[] {
  const found = matchOperation(index, method, path.replace(/[?#].*$/s, ''))
  if (found.kind !== 'found') return []
  const view = describeOperation(index, found.operation)
  const items: string[] = []
  for (const param of view.parameters) {
    if (param.in === 'query') items.push(`${param.name}==`)
    else if (param.in === 'header') items.push(`${param.name}:`)
  }
  for (const field of view.body?.fields ?? []) {
    const [head, ...rest] = field.name.split('.')
    const name = `${head}${rest.map((part) => `[${part}]`).join('')}`
    const nested = (view.body?.fields ?? []).some((other) => other.name.startsWith(`${field.name}.`))
    if (!nested) items.push(field.type.startsWith('object') ? `${name}:=` : `${name}=`)
  }
  return items
}
