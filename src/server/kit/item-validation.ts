import { type ItemFields, itemFieldNames, type ReviewFields, reviewFieldNames } from './item.js'
import { type FieldProblem, StoreError } from './store-error.js'

const limits = { name: 200, description: 5000, tags: 50, tag: 50, author: 100, comment: 2000 }

/** A JSON object (not null, not an array). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function own(record: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined
}

const reportedUnknown = 10

function unknownFields(record: Record<string, unknown>, allowed: readonly string[]): FieldProblem[] {
  const unknown = Object.keys(record).filter((key) => !allowed.includes(key))
  const problems = unknown.slice(0, reportedUnknown).map((key) => ({
    field: key.length > 100 ? `${key.slice(0, 100)}...` : key,
    message:
      key === 'id' || key === 'createdAt' || key === 'updatedAt'
        ? 'is set by the server and cannot be written'
        : `is not a known field (known: ${allowed.join(', ')})`,
  }))
  if (unknown.length > reportedUnknown) {
    problems.push({ field: '(body)', message: `has ${unknown.length - reportedUnknown} more unknown fields` })
  }
  return problems
}

function requireObject(input: unknown, what: string): Record<string, unknown> {
  if (!isPlainObject(input)) {
    throw StoreError.invalid([{ field: '(body)', message: `${what} must be a JSON object` }])
  }
  return input
}

function checkString(
  problems: FieldProblem[],
  field: string,
  value: unknown,
  max: number,
  options: { nullable: boolean },
): void {
  if (value === null && options.nullable) return
  if (typeof value !== 'string') {
    problems.push({ field, message: options.nullable ? 'must be a string or null' : 'must be a string' })
  } else if (!options.nullable && value.trim() === '') {
    problems.push({ field, message: 'must not be empty' })
  } else if (value.length > max) {
    problems.push({ field, message: `must be at most ${max} characters` })
  }
}

function checkTags(problems: FieldProblem[], value: unknown): void {
  if (!Array.isArray(value)) {
    problems.push({ field: 'tags', message: 'must be an array of strings' })
    return
  }
  if (value.length > limits.tags) {
    problems.push({ field: 'tags', message: `must hold at most ${limits.tags} tags` })
    return
  }
  value.forEach((tag, index) => {
    if (typeof tag !== 'string' || tag.trim() === '' || tag.length > limits.tag) {
      problems.push({
        field: `tags[${index}]`,
        message: `must be a non-empty string of at most ${limits.tag} characters`,
      })
    }
  })
}

/**
 * Checks a client's item body (create or whole replacement) and returns a
 * fresh object holding only the known fields, with defaults filled in.
 * Unknown keys (including `__proto__`) are refused, never copied.
 */
export function validateItemFields(input: unknown): ItemFields {
  const record = requireObject(input, 'an item')
  const problems = unknownFields(record, itemFieldNames)
  const name = own(record, 'name')
  const description = own(record, 'description') ?? null
  const price = own(record, 'price')
  const quantity = own(record, 'quantity') ?? 0
  const tags = own(record, 'tags') ?? []
  if (name === undefined || name === null) problems.push({ field: 'name', message: 'is required' })
  else checkString(problems, 'name', name, limits.name, { nullable: false })
  checkString(problems, 'description', description, limits.description, { nullable: true })
  if (price === undefined || price === null) problems.push({ field: 'price', message: 'is required' })
  else if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) {
    problems.push({ field: 'price', message: 'must be a number >= 0' })
  }
  if (typeof quantity !== 'number' || !Number.isSafeInteger(quantity) || quantity < 0) {
    problems.push({ field: 'quantity', message: 'must be an integer >= 0' })
  }
  checkTags(problems, tags)
  if (problems.length > 0) throw StoreError.invalid(problems)
  return {
    name: name as string,
    description: description as string | null,
    price: price as number,
    quantity: quantity as number,
    tags: [...(tags as string[])],
  }
}

/**
 * Checks the keys of a merge patch before it is applied: a `null` value
 * removes a key, so an unknown or server-owned field sent as `null` would
 * otherwise vanish unseen. Unknown fields are refused whatever their value.
 */
export function checkPatchFields(patch: unknown): void {
  if (!isPlainObject(patch)) return
  const problems = unknownFields(patch, itemFieldNames)
  if (problems.length > 0) throw StoreError.invalid(problems)
}

/** Checks a client's review body; rating is an integer 1..5, author required. */
export function validateReviewFields(input: unknown): ReviewFields {
  const record = requireObject(input, 'a review')
  const problems = unknownFields(record, reviewFieldNames)
  const rating = own(record, 'rating')
  const comment = own(record, 'comment') ?? null
  const author = own(record, 'author')
  if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 5) {
    problems.push({
      field: 'rating',
      message: rating === undefined ? 'is required' : 'must be an integer from 1 to 5',
    })
  }
  checkString(problems, 'comment', comment, limits.comment, { nullable: true })
  if (author === undefined || author === null) problems.push({ field: 'author', message: 'is required' })
  else checkString(problems, 'author', author, limits.author, { nullable: false })
  if (problems.length > 0) throw StoreError.invalid(problems)
  return { rating: rating as number, comment: comment as string | null, author: author as string }
}
