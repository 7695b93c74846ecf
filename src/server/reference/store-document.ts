import type { Item, Review } from '../kit/item.js'
import { isPlainObject, validateItemFields, validateReviewFields } from '../kit/item-validation.js'
import { isStoreError } from '../kit/store-error.js'
import type { StoreState } from '../kit/store-state.js'
import type { StoreSnapshot } from '../kit/write-batch.js'

/**
 * The on-disk shape of a store (the --data file), and the seed's: either
 * `{ format, version, nextItemId, nextReviewId, items: [...] }` or a bare
 * array of items, each with its `reviews`. Loading checks every field, so a
 * hand-edited or damaged file is refused with the place that is wrong.
 */
export const documentFormat = 'apictl-store'

export class DocumentError extends Error {
  override name = 'DocumentError'
}

function fail(where: string, message: string): never {
  throw new DocumentError(`${where}: ${message}`)
}

function checked<T>(where: string, validate: () => T): T {
  try {
    return validate()
  } catch (error) {
    if (isStoreError(error)) fail(where, error.message)
    throw error
  }
}

function timestamp(where: string, value: unknown): string {
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value)))
    fail(where, 'must be an ISO 8601 timestamp')
  return value
}

function identifier(where: string, value: unknown, seen: Set<string>): string {
  if (typeof value !== 'string' || value === '') fail(where, 'must be a non-empty string')
  if (seen.has(value)) fail(where, `duplicate id ${JSON.stringify(value)}`)
  seen.add(value)
  return value
}

function pick(record: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const result: Record<string, unknown> = {}
  for (const key of keys) if (Object.hasOwn(record, key)) result[key] = record[key]
  return result
}

function readReviews(where: string, value: unknown, seen: Set<string>): Review[] {
  if (value === undefined) return []
  if (!Array.isArray(value)) fail(where, 'must be an array')
  return value.map((entry, index) => {
    const at = `${where}[${index}]`
    if (!isPlainObject(entry)) fail(at, 'must be an object')
    const id = identifier(`${at}.id`, entry.id, seen)
    const fields = checked(at, () => validateReviewFields(pick(entry, ['rating', 'comment', 'author'])))
    return Object.freeze({ id, ...fields })
  })
}

function readItem(where: string, entry: unknown, ids: Set<string>, reviewIds: Set<string>) {
  if (!isPlainObject(entry)) fail(where, 'must be an object')
  const id = identifier(`${where}.id`, entry.id, ids)
  const fields = checked(where, () =>
    validateItemFields(pick(entry, ['name', 'description', 'price', 'quantity', 'tags'])),
  )
  const item: Item = Object.freeze({
    id,
    ...fields,
    tags: Object.freeze(fields.tags),
    createdAt: timestamp(`${where}.createdAt`, entry.createdAt),
    updatedAt: timestamp(`${where}.updatedAt`, entry.updatedAt),
  })
  return { item, reviews: readReviews(`${where}.reviews`, entry.reviews, reviewIds) }
}

function counter(where: string, value: unknown): number {
  if (value === undefined) return 1
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1)
    fail(where, 'must be an integer >= 1')
  return value
}

function nextAfter(ids: Set<string>, stored: number): number {
  let next = stored
  for (const id of ids) if (/^\d+$/.test(id)) next = Math.max(next, Number(id) + 1)
  return next
}

/** Parses a store document (already JSON-parsed); throws DocumentError naming the bad field. */
export function readStoreDocument(document: unknown): StoreState {
  let list: unknown = document
  let nextItemId = 1
  let nextReviewId = 1
  if (isPlainObject(document)) {
    if (document.format !== documentFormat) fail('format', `must be "${documentFormat}"`)
    if (document.version !== 1) fail('version', 'must be 1')
    nextItemId = counter('nextItemId', document.nextItemId)
    nextReviewId = counter('nextReviewId', document.nextReviewId)
    list = document.items
  }
  if (!Array.isArray(list)) fail('items', 'must be an array of items')
  const ids = new Set<string>()
  const reviewIds = new Set<string>()
  const state: StoreState = { items: new Map(), reviews: new Map(), nextItemId, nextReviewId }
  list.forEach((entry, index) => {
    const { item, reviews } = readItem(`items[${index}]`, entry, ids, reviewIds)
    state.items.set(item.id, item)
    if (reviews.length > 0) state.reviews.set(item.id, Object.freeze(reviews))
  })
  state.nextItemId = nextAfter(ids, nextItemId)
  state.nextReviewId = nextAfter(reviewIds, nextReviewId)
  return state
}

/** The JSON text of a store document (one item per line keeps diffs of the file readable). */
export function writeStoreDocument(store: StoreSnapshot): string {
  const lines: string[] = []
  for (const { item, reviews } of store.entries()) lines.push(JSON.stringify({ ...item, reviews }))
  const header = `{"format":"${documentFormat}","version":1,"nextItemId":${store.nextItemId},"nextReviewId":${store.nextReviewId},"items":[`
  return `${header}\n${lines.join(',\n')}\n]}\n`
}
