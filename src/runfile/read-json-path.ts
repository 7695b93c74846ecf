import { JSONPath } from 'jsonpath-plus'

/**
 * The value at a JSONPath (jsonpath-plus, its safe evaluator: a filter in
 * the file runs no JavaScript): undefined when nothing matches, the value
 * when one thing does, the list when several do; a reason in words when the
 * path is not JSONPath.
 */
export function readJsonPath(json: unknown, path: string): { value: unknown } | { problem: string } {
  // jsonpath-plus answers undefined, not a list, for a null document (GraphQL's `data: null`).
  if (json === null) return { value: path === '$' ? null : undefined }
  try {
    const found = JSONPath({ path, json: json as object, wrap: true, eval: 'safe' }) as unknown[]
    return { value: found.length <= 1 ? found[0] : found }
  } catch (error) {
    return { problem: `bad JSONPath ${path}: ${(error as Error).message}` }
  }
}
