/** The vocabulary of the path conventions check: verbs, plurals, ids. */

/** The first word of a segment that makes it an action, and the method that should carry it. */
export const verbs: Record<string, string> = {
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
    'wsdl oauth oauth2 token openapi swagger feedback software equipment information news status ' +
    'people children men women data media criteria feet teeth mice geese indices matrices'
  ).split(' '),
)

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const placeholder = /^(?:\{.*\}|<.*>|:.+)$/

/** Plainly an id wherever it stands: a number, a UUID, a long hex string, a placeholder (`{id}`, `:id`). */
export function isId(segment: string): boolean {
  return (
    /^\d+$/.test(segment) ||
    uuid.test(segment) ||
    (/^[0-9a-f]{8,}$/i.test(segment) && /\d/.test(segment)) ||
    placeholder.test(segment)
  )
}

/**
 * Where an id is expected (after a collection), anything but a plain word is
 * taken for an opaque value (`abc123`, `ord_8f3k2`, `john.doe`): only
 * letters, hyphens and underscores make a word worth checking.
 */
export const isWord = (segment: string): boolean => /^[A-Za-z][A-Za-z_-]*$/.test(segment)

/** `getOrderItems`, `get_order-items` → ['get', 'order', 'items'] */
export function words(segment: string): string[] {
  return segment
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase()
    .split(/[-_]+/)
    .filter((word) => word !== '')
}

export function pluralize(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`
  if (/(?:s|x|z|ch|sh)$/.test(word)) return `${word}es`
  return `${word}s`
}

/** Whether a word can be judged singular: letters only, three or more (`x`, `v2` cannot). */
export const isJudgeable = (word: string): boolean => /^[a-z]{3,}$/.test(word)

export const isPlural = (word: string): boolean => word.endsWith('s') || pluralExempt.has(word)

/** `item` and `items` name the same collection. */
export function sameNoun(a: string, b: string): boolean {
  return a === b || pluralize(a) === b || pluralize(b) === a
}
