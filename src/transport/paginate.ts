import got, { type OptionsInit, parseLinkHeader, type Response } from 'got'
import { isApictlError } from '../core/errors.js'
import type { HttpRequest, HttpResponse } from '../core/exchange.js'
import { toNetworkError } from './network-error.js'
import { gotOptions, toHttpResponse, withOAuth2 } from './send.js'
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
 * while pages come back full) using got's pagination, merging the lists.
 */
export async function sendAllPages(
  request: HttpRequest,
  options: TransportOptions,
  paging: PaginateOptions,
): Promise<PaginatedResult> {
  const pages: HttpResponse[] = []
  let stopped = false
  let truncated = false
  const deadline = AbortSignal.timeout(options.timeoutMs)
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline
  try {
    const prepared = await withOAuth2(request, { ...options, signal })
    const base = gotOptions(prepared, options, signal) as OptionsInit
    const items = await got.paginate.all<unknown, Buffer>(prepared.url, {
      ...base,
      pagination: {
        requestLimit: paging.maxPages,
        transform: (response: Response<Buffer>) => {
          const page = toHttpResponse(response)
          pages.push(page)
          options.observer?.responseReceived?.(page)
          paging.onPage?.(pages.length, page)
          const list = page.status < 300 ? paging.extract(page) : undefined
          if (list === undefined) stopped = true
          return list ?? []
        },
        paginate: ({ response, currentItems }) => {
          if (stopped) return false
          const next = nextPage(response as Response<Buffer>, currentItems.length)
          if (next && pages.length >= paging.maxPages) truncated = true
          return next
        },
      },
    } as OptionsInit)
    const last = pages.at(-1)
    if (!last) throw new Error('no page was received')
    return { items, pages, last, truncated }
  } catch (error) {
    if (isApictlError(error)) throw error
    throw toNetworkError(error, request.method, request.url, options.timeoutMs)
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

function nextPage(response: Response<Buffer>, count: number): OptionsInit | false {
  const link = response.headers.link
  if (link) {
    const next = nextLink(link)
    return next ? { url: new URL(next, response.url) } : false
  }
  const url = new URL(response.url)
  const page = Number(url.searchParams.get('page') ?? '1')
  const limit = Number(url.searchParams.get('limit') ?? url.searchParams.get('per_page') ?? Number.NaN)
  const total = Number(response.headers['x-total-count'] ?? Number.NaN)
  const full = Number.isFinite(limit) ? count >= limit : count > 0
  const more = Number.isFinite(total) && Number.isFinite(limit) ? page * limit < total : full
  if (count === 0 || !more || !Number.isInteger(page)) return false
  url.searchParams.set('page', String(page + 1))
  return { url }
}
