import type { Item, Review } from '../../../server/kit/item.js'
import { isPlainObject } from '../../../server/kit/item-validation.js'
import { applyMergePatch } from '../../../server/kit/merge-patch.js'
import { type FieldProblem, StoreError } from '../../../server/kit/store-error.js'

export type ApiVersion = 'v1' | 'v2'

/**
 * How one API version shows the store's items and reads client bodies.
 * /v1 is the store's own shape; /v2 shows `price` as `{amount, currency}`.
 * Serialised JSON is cached per item value (items are immutable), so a read
 * of an unchanged item costs a map lookup.
 */
export interface ItemRepresentation {
  readonly version: ApiVersion
  value(item: Item): unknown
  json(item: Item): Buffer
  /** A create/replace body in the store's (v1) shape. */
  fromBody(body: unknown): unknown
  /** A merge patch in the store's (v1) shape, given the item it applies to. */
  patchFromBody(patch: unknown, current: Item): unknown
}

function cachedJson(value: (item: Item) => unknown): (item: Item) => Buffer {
  const cache = new WeakMap<Item, Buffer>()
  return (item) => {
    let buffer = cache.get(item)
    if (buffer === undefined) {
      buffer = Buffer.from(JSON.stringify(value(item)), 'utf8')
      cache.set(item, buffer)
    }
    return buffer
  }
}

const v1: ItemRepresentation = {
  version: 'v1',
  value: (item) => item,
  json: cachedJson((item) => item),
  fromBody: (body) => body,
  patchFromBody: (patch) => patch,
}

export const currency = 'USD'

function v2Value(item: Item): unknown {
  return { ...item, price: { amount: item.price, currency } }
}

function unknownPriceFields(price: Record<string, unknown>): FieldProblem[] {
  return Object.keys(price)
    .filter((key) => key !== 'amount' && key !== 'currency')
    .slice(0, 10)
    .map((key) => ({ field: `price.${key.slice(0, 100)}`, message: 'is not a known field' }))
}

/** `{amount, currency: "USD"}` → the amount; anything else is refused with a field problem. */
function priceAmount(price: unknown): unknown {
  if (price === undefined || price === null) return price
  if (!isPlainObject(price)) {
    throw StoreError.invalid([
      { field: 'price', message: 'must be an object {"amount": number, "currency": "USD"} in /v2' },
    ])
  }
  const problems = unknownPriceFields(price)
  const amount = Object.hasOwn(price, 'amount') ? price.amount : undefined
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0) {
    problems.push({
      field: 'price.amount',
      message: amount === undefined ? 'is required' : 'must be a number >= 0',
    })
  }
  const given = Object.hasOwn(price, 'currency') ? price.currency : currency
  if (given !== currency) problems.push({ field: 'price.currency', message: `must be "${currency}"` })
  if (problems.length > 0) throw StoreError.invalid(problems)
  return amount
}

/** A copy of a body object on a null prototype, with `price` turned into the store's number. */
function withPrice(body: unknown, price: (value: unknown) => unknown): unknown {
  if (!isPlainObject(body)) return body
  const copy: Record<string, unknown> = Object.create(null)
  for (const key of Object.keys(body)) copy[key] = body[key]
  if (Object.hasOwn(body, 'price')) copy.price = price(body.price)
  return copy
}

const v2: ItemRepresentation = {
  version: 'v2',
  value: v2Value,
  json: cachedJson(v2Value),
  fromBody: (body) => withPrice(body, priceAmount),
  patchFromBody: (patch, current) =>
    withPrice(patch, (price) => {
      if (!isPlainObject(price)) return priceAmount(price)
      // Checked before merging: a merge patch's null would make an unknown key vanish unseen.
      const unknown = unknownPriceFields(price)
      if (unknown.length > 0) throw StoreError.invalid(unknown)
      return priceAmount(applyMergePatch({ amount: current.price, currency }, price))
    }),
}

export const representations: Record<ApiVersion, ItemRepresentation> = { v1, v2 }

const reviewCache = new WeakMap<Review, Buffer>()

/** Reviews look the same in both versions. */
export function reviewJson(review: Review): Buffer {
  let buffer = reviewCache.get(review)
  if (buffer === undefined) {
    buffer = Buffer.from(JSON.stringify(review), 'utf8')
    reviewCache.set(review, buffer)
  }
  return buffer
}

const comma = Buffer.from(',')
const open = Buffer.from('[')
const close = Buffer.from(']')

/** A JSON array assembled from cached element buffers. */
export function jsonArray<T>(values: readonly T[], json: (value: T) => Buffer): Buffer {
  const parts: Buffer[] = [open]
  values.forEach((value, index) => {
    if (index > 0) parts.push(comma)
    parts.push(json(value))
  })
  parts.push(close)
  return Buffer.concat(parts)
}
