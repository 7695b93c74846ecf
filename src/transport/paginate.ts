import { parseLinkHeader } from 'got'
import type { HttpRequest, HttpResponse } from '../core/exchange.js'
import { headersFor, receive } from './receive.js'
import { callDeadline, transportError, withOAuth2 } from './send.js'
import type { TransportOptions } from './transport-options.js'

export interface PaginateOptions {
  maxPages: number
  /** The protocol's reading of one page: its list of items, or undefined when the page is not a list. */
  extract(response: HttpResponse): unknown[] | undefined
  onPage?(pageNumber: number, response: HttpResponse): void
}

export interface PaginatedResult {
  items: unknown[]
  pages: HttpResponse[]
  /** The response that ended the walk: the last page, or the first one that failed or was not a list. */
  last: HttpResponse
  /** True when --max-pages stopped the walk while the server had more. */
  truncated: boolean
}

/**
 * Follows `Link: rel="next"` (or, without Link, the `page` query parameter
 * while pages come back full), merging the lists; every page through the
 * one transport (retries, --max-size each), all within one time limit.
 */
export async function sendAllPages(
  request: HttpRequest,
  options: TransportOptions,
  paging: PaginateOptions,
): Promise<PaginatedResult> {
  const pages: HttpResponse[] = []
  const items: unknown[] = []
  let truncated = false
  const call = callDeadline(options)
  try {
    let next: HttpRequest | undefined = await withOAuth2(request, { ...options, signal: call.signal })
    while (next !== undefined) {
      const page = await receive(next, options, call.signal, call.deadline)
      pages.push(page)
      paging.onPage?.(pages.length, page)
      const list = page.status < 300 ? paging.extract(page) : undefined
      if (list === undefined) break
      items.push(...list)
      const url = nextPage(page, list.length)
      if (url === undefined) break
      if (pages.length >= paging.maxPages) {
        truncated = true
        break
      }
      next = { ...next, url, headers: headersFor(next.headers, next.url, url, options.secretHeaders) }
    }
    return { items, pages, last: pages.at(-1)!, truncated }
  } catch (error) {
    throw transportError(error, request, options)
  } finally {
    call.done()
  }
}

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

/** The next page's URL, or undefined when this was the last. */
function nextPage(response: HttpResponse, count: number): string | undefined {
  const link = response.headers.link
  if (link) {
    const next = nextLink(link)
    return next ? new URL(next, response.url).href : undefined
  }
  const url = new URL(response.url)
  const page = Number(url.searchParams.get('page') ?? '1')
  const limit = Number(url.searchParams.get('limit') ?? url.searchParams.get('per_page') ?? Number.NaN)
  const total = Number(response.headers['x-total-count'] ?? Number.NaN)
  const full = Number.isFinite(limit) ? count >= limit : count > 0
  const more = Number.isFinite(total) && Number.isFinite(limit) ? page * limit < total : full
  if (count === 0 || !more || !Number.isInteger(page)) return undefined
  url.searchParams.set('page', String(page + 1))
  return url.href
}
