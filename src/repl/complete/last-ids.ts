import type { ListedIds } from '../../protocols/rest/openapi/completion-candidates.js'
import type { LastResult } from '../session.js'

const FILLED = 50

/** The ids of the last answer when it was a list of objects: `{id}` in a path is filled with them. */
export function lastIds(last: LastResult | undefined): ListedIds | undefined {
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
