import { parseLinkHeader } from 'got'
import type { HttpResponse } from '../core/exchange.js'

/** Where the next page is, as a page's body says it. */
export type NextPage =
  /** A link, absolute or relative to the page's URL. */
  | { url: string }
  /** A cursor (or token) to send in the query under `param`. */
  | { param: string; value: string }
  /** A page number, sent under the walk's page parameter. */
  | { page: number }
  /** The body says this is the last page. */
  | { end: true }

/** A protocol's reading of one page. */
export interface PageReading {
  items: unknown[]
  /** What the body says about the next page; undefined when it says nothing. */
  next?: NextPage
  /** The item count and page count the body gives, for walking by page numbers. */
  total?: number
  pages?: number
}

/** What a walk remembers between pages. */
export interface PageWalk {
  /** Pages fetched so far. */
  count: number
  /** Every URL fetched (or about to be), so no page is fetched twice. */
  visited: Set<string>
  /** An earlier page named its next one in the body: a page that names none is the last. */
  byBody: boolean
  /** The query parameter the walk guessed page numbers for, when it did. */
  guessed?: string
  /** The item count of page 1, the page size when no limit is given. */
  firstCount?: number
}

const PAGE_PARAMETERS = ['page', '_page', 'p', 'pageNumber', 'page_number']
const SIZE_PARAMETERS = ['limit', 'per_page', '_per_page', '_limit', 'page_size', 'pageSize', 'size']

/** The `rel="next"` reference of a Link header, if it names one. */
function nextLink(link: string | string[]): string | undefined {
  return parseLinkHeader(Array.isArray(link) ? link.join(', ') : link).find(
    (entry) => entry.parameters.rel?.replaceAll('"', '') === 'next',
  )?.reference
}

/** Whether a response's Link header names a `rel="next"` page. */
export function linksNextPage(response: HttpResponse): boolean {
  const link = response.headers.link
  return link !== undefined && nextLink(link) !== undefined
}

/**
 * The URL of the page after `page`: from its Link header, else from its
 * body's next link, cursor or page number, else the next page number while
 * pages come back full. False when the walk is done; a sentence when the
 * next page must not be fetched (already fetched, or on another origin).
 */
export function nextPageUrl(page: HttpResponse, reading: PageReading, walk: PageWalk): URL | false | string {
  walk.firstCount ??= reading.items.length
  const next = linkedOrNamed(page, reading, walk)
  if (!next) return false
  const here = new URL(page.url)
  if (next.origin !== here.origin) {
    return `page ${walk.count} links its next page on another origin (${next.origin}): not followed, so credentials sent to ${here.origin} stay there`
  }
  if (walk.visited.has(next.href)) {
    return `page ${walk.count} links its next page to ${next.href}, which was already fetched: --all stopped there`
  }
  return next
}

function linkedOrNamed(page: HttpResponse, reading: PageReading, walk: PageWalk): URL | false {
  const link = page.headers.link
  if (link) {
    const reference = nextLink(link)
    return reference === undefined ? false : new URL(reference, page.url)
  }
  const named = reading.next
  if (named === undefined) return walk.byBody ? false : numberedPage(page, reading, walk)
  walk.byBody = true
  if ('end' in named) return false
  if ('url' in named) return new URL(named.url, page.url)
  const url = new URL(page.url)
  if ('param' in named) url.searchParams.set(named.param, named.value)
  else url.searchParams.set(pageParameter(url), String(named.page))
  return url
}

function pageParameter(url: URL): string {
  return PAGE_PARAMETERS.find((name) => url.searchParams.has(name)) ?? 'page'
}

/** The next page number while the pages say there are more (a count, a total, or a full page). */
function numberedPage(page: HttpResponse, reading: PageReading, walk: PageWalk): URL | false {
  const url = new URL(page.url)
  const parameter = pageParameter(url)
  const number = Number(url.searchParams.get(parameter) ?? '1')
  const count = reading.items.length
  if (count === 0 || !Number.isInteger(number)) return false
  const sizeName = SIZE_PARAMETERS.find((name) => url.searchParams.has(name))
  const limit = sizeName === undefined ? Number.NaN : Number(url.searchParams.get(sizeName))
  const header = page.headers['x-total-count']
  const total = reading.total ?? (header === undefined ? Number.NaN : Number(header))
  const size = Number.isFinite(limit) ? limit : (walk.firstCount ?? count)
  let more: boolean
  if (reading.pages !== undefined) more = number < reading.pages
  else if (Number.isFinite(total)) more = number * size < total
  else more = Number.isFinite(limit) ? count >= limit : true
  if (!more) return false
  walk.guessed = parameter
  url.searchParams.set(parameter, String(number + 1))
  return url
}
