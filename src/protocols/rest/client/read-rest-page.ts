import { findList, NEXT_FIELDS } from '../../../core/list-envelope.js'
import type { NextPage, PageReading } from '../../../transport/paginate.js'
import type { RestResult } from './decode-rest-response.js'

type Fields = Record<string, unknown>

const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Objects that hold a `next` link: JSON:API `links`, HAL `_links`, Graph API `paging`, `meta`, `pagination`. */
const LINK_HOLDERS = ['links', '_links', 'paging', 'meta', 'pagination']
/** Cursor fields and the query parameter each goes back in. */
const CURSOR_FIELDS: Array<[field: string, parameter: string]> = [
  ['nextPageToken', 'pageToken'],
  ['next_page_token', 'page_token'],
  ['next_cursor', 'cursor'],
  ['nextCursor', 'cursor'],
]
const TOTAL_FIELDS = ['total', 'total_count', 'totalCount', 'totalElements', 'totalItems', '@odata.count']
const PAGES_FIELDS = ['pages', 'totalPages', 'total_pages', 'last_page', 'lastPage']

/**
 * A REST page for `--all`: its items (a JSON list, or the list in an
 * envelope such as json-server v1's `{first, prev, next, last, pages, items,
 * data}`, `{data, next}`, `{items, nextPageToken}` or `{results, next}`) and
 * what it says about the next page. Undefined when the body holds no list.
 */
export function readRestPage(result: RestResult): PageReading | undefined {
  if (result.body.kind !== 'json') return undefined
  const found = findList(result.body.value)
  if (found === undefined) return undefined
  const envelope = found.envelope
  if (envelope === undefined) return { items: found.list }
  return {
    items: found.list,
    next: nextOf(envelope, found.list),
    total: countOf(envelope, [...TOTAL_FIELDS, 'items']),
    pages:
      countOf(envelope, PAGES_FIELDS) ??
      (typeof envelope.first === 'number' ? countOf(envelope, ['last']) : undefined),
  }
}

function countOf(envelope: Fields, names: string[]): number | undefined {
  for (const name of names) {
    const value = envelope[name]
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value
  }
  return undefined
}

/** A link (`https://…`, `/path?…`, `?page=2`), a page number, a cursor, or the end. */
function nextValue(value: unknown): NextPage | undefined {
  if (value === null || value === false) return { end: true }
  if (typeof value === 'number' && Number.isInteger(value)) return { page: value }
  if (isRecord(value) && typeof value.href === 'string') return { url: value.href }
  if (typeof value !== 'string') return undefined
  if (value === '') return { end: true }
  if (/^\d+$/.test(value)) return { page: Number(value) }
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(value) || /^[/?]/.test(value) || value.includes('/'))
    return { url: value }
  return { param: 'cursor', value }
}

function nextOf(envelope: Fields, items: unknown[]): NextPage | undefined {
  for (const name of NEXT_FIELDS) {
    if (Object.hasOwn(envelope, name)) {
      const next = nextValue(envelope[name])
      if (next !== undefined) return next
    }
  }
  for (const [field, parameter] of CURSOR_FIELDS) {
    const value = envelope[field] ?? nested(envelope, ['response_metadata', 'meta'], field)
    if (typeof value === 'string') return value === '' ? { end: true } : { param: parameter, value }
  }
  for (const holder of LINK_HOLDERS) {
    const links = envelope[holder]
    if (isRecord(links) && Object.hasOwn(links, 'next')) {
      const next = nextValue(links.next)
      if (next !== undefined && !('param' in next)) return next
    }
  }
  return stripeNext(envelope, items)
}

function nested(envelope: Fields, holders: string[], field: string): unknown {
  for (const holder of holders) {
    const inner = envelope[holder]
    if (isRecord(inner) && inner[field] !== undefined) return inner[field]
  }
  return undefined
}

/** Stripe's lists: `{object: "list", data, has_more}`, the next page after the last item's id. */
function stripeNext(envelope: Fields, items: unknown[]): NextPage | undefined {
  const more = envelope.has_more ?? envelope.hasMore
  if (typeof more !== 'boolean') return undefined
  if (!more) return { end: true }
  if (envelope.object !== 'list') return undefined
  const id = (items.at(-1) as Fields | undefined)?.id
  return typeof id === 'string' || typeof id === 'number'
    ? { param: 'starting_after', value: String(id) }
    : undefined
}
