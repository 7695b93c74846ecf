import { describeOperation } from './describe-operation.js'
import { matchOperation } from './match-operation.js'
import type { OpenApiIndex } from './openapi-index.js'

/**
 * What completion needs of a document: each operation's method and path and
 * the items that may follow it. The REPL makes it from the index it holds;
 * the shell scripts read it from the cache (a few KB beside an index of
 * MBs), so both offer the same candidates from the same functions.
 */
export interface CompletionDigest {
  basePaths: string[]
  operations: CompletionOperation[]
}

export interface CompletionOperation {
  method: string
  path: string
  /** `limit==`, `X-Key:`, `name=`, `price[amount]=`, `meta:=`. */
  items: string[]
}

/** The ids of the last list answer and the path it came from: `{id}` in a path is filled with them. */
export interface ListedIds {
  listPath: string
  ids: string[]
}

const httpMethods = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'])
const digests = new WeakMap<OpenApiIndex, CompletionDigest>()

/** The completion digest of an index (made once per index). */
export function completionDigest(index: OpenApiIndex): CompletionDigest {
  let digest = digests.get(index)
  if (digest === undefined) {
    digest = {
      basePaths: [...index.basePaths],
      operations: index.operations.map((operation) => ({
        method: operation.method,
        path: operation.path,
        items: operationItems(index, operation),
      })),
    }
    digests.set(index, digest)
  }
  return digest
}

/**
 * What may follow a path the document declares, for the method: query
 * parameters (`limit==`), header parameters (`X-Key:`), and body fields
 * (`name=`; nested ones as `price[amount]=`). `field=` is typed by the
 * schema, so numbers and booleans need no `:=`.
 */
function operationItems(index: OpenApiIndex, operation: OpenApiIndex['operations'][number]): string[] {
  const view = describeOperation(index, operation)
  const items: string[] = []
  for (const param of view.parameters) {
    if (param.in === 'query') items.push(`${param.name}==`)
    else if (param.in === 'header') items.push(`${param.name}:`)
  }
  const fields = view.body?.fields ?? []
  for (const field of fields) {
    const [head, ...rest] = field.name.split('.')
    const name = `${head}${rest.map((part) => `[${part}]`).join('')}`
    const nested = fields.some((other) => other.name.startsWith(`${field.name}.`))
    if (!nested) items.push(field.type.startsWith('object') ? `${name}:=` : `${name}=`)
  }
  return items
}

/**
 * The document's paths for a method (every path for a word that is not a
 * method): each template as declared, and with its first path parameter
 * filled from the last list answer when that list is what the parameter
 * indexes (`/v1/items/{id}` → `/v1/items/1`, `/v1/items/2`, … after
 * `get /v1/items`).
 */
export function documentPaths(
  digest: CompletionDigest,
  method: string | undefined,
  list?: ListedIds,
  base = '',
): string[] {
  const wanted = method?.toUpperCase()
  const filter = wanted !== undefined && httpMethods.has(wanted) ? wanted : undefined
  const templates = [
    ...new Set(
      digest.operations.filter((op) => filter === undefined || op.method === filter).map((op) => op.path),
    ),
  ]
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

/** The items the operation at a path (as typed: a template or a real path, with or without a query) takes. */
export function documentItems(digest: CompletionDigest, method: string, path: string): string[] {
  const pathname = path.replace(/[?#].*$/s, '')
  // A path typed as the document writes it (what Tab offered) needs no matching (which compiles every template).
  const upper = method.toUpperCase()
  const declared = digest.operations.find((op) => op.path === pathname && op.method === upper)
  if (declared !== undefined) return declared.items
  const found = matchOperation(digest, method, pathname)
  return found.kind === 'found' ? found.operation.items : []
}

/** The name an item sets (`name` of `name=Pen`, `limit` of `limit==5`, `X-Key` of `X-Key:1`). */
export const itemName = (item: string): string | undefined => /^[^=:]+/.exec(item)?.[0]

/** Candidates that set no name the line already sets. */
export function notGiven(candidates: readonly string[], given: readonly string[]): string[] {
  const names = new Set(given.map(itemName))
  return candidates.filter((candidate) => !names.has(itemName(candidate)))
}

/**
 * What may come next on a REST line after its method: paths while the path
 * is being typed, then the operation's items that the line does not give
 * yet. One source for the REPL's Tab and the shell scripts'.
 */
export function restLineCandidates(
  digest: CompletionDigest,
  method: string,
  path: string | undefined,
  items: readonly string[],
  list?: ListedIds,
  base = '',
): string[] {
  if (path === undefined) return documentPaths(digest, method, list, base)
  return notGiven(documentItems(digest, method, path), items)
}
