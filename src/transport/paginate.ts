import { createHash } from 'node:crypto'
import got, { type OptionsInit, type Response } from 'got'
import { isApictlError } from '../core/errors.js'
import type { HttpRequest, HttpResponse } from '../core/exchange.js'
import { loadProxySupport } from './connection-options.js'
import { toNetworkError } from './network-error.js'
import { nextPageUrl, type PageReading, type PageWalk } from './next-page-url.js'
import { gotOptions, toHttpResponse, withOAuth2 } from './send.js'
import type { TransportOptions } from './transport-options.js'

export { linksNextPage, type NextPage, type PageReading } from './next-page-url.js'

export interface PaginateOptions {
  maxPages: number
  /** The protocol's reading of one page: its items and what it says about the next page, or undefined when it is not a list. */
  read(response: HttpResponse): PageReading | undefined
  onPage?(pageNumber: number, response: HttpResponse): void
}

export interface PaginatedResult {
  items: unknown[]
  /** How many pages were fetched (a page that repeated the previous one included). */
  pageCount: number
  /** The response that ended the walk: the last page, or the first one that failed or was not a list. */
  last: HttpResponse
  /** True when --max-pages stopped the walk while the server had more. */
  truncated: boolean
  /** Why the walk ended before the server said it was done, in words (a repeated or empty page, a loop, another origin). */
  stopped?: string
}

const digest = (items: unknown[]): string => createHash('sha256').update(JSON.stringify(items)).digest('hex')

/**
 * Follows the next page (a `Link: rel="next"`, a next link, cursor or page
 * number in the body, or else page numbers) with got's pagination, merging
 * the lists. It never fetches the same page twice: a page equal to the one
 * before, an empty page, or a link back to a page already fetched ends the walk.
 */
export async function sendAllPages(
  request: HttpRequest,
  options: TransportOptions,
  paging: PaginateOptions,
): Promise<PaginatedResult> {
  const walk: PageWalk = { count: 0, visited: new Set([new URL(request.url).href]), byBody: false }
  let last: HttpResponse | undefined
  let reading: PageReading | undefined
  let previous: string | undefined
  let stopped: string | undefined
  let truncated = false
  const deadline = AbortSignal.timeout(options.timeoutMs)
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline
  try {
    const prepared = await withOAuth2(request, { ...options, signal })
    await loadProxySupport(options)
    const base = gotOptions(prepared, options, signal) as OptionsInit
    const items = await got.paginate.all<unknown, Buffer>(prepared.url, {
      ...base,
      pagination: {
        requestLimit: paging.maxPages,
        transform: (response: Response<Buffer>) => {
          const page = toHttpResponse(response)
          last = page
          walk.count += 1
          options.observer?.responseReceived?.(page)
          paging.onPage?.(walk.count, page)
          reading = page.status < 300 ? paging.read(page) : undefined
          if (reading === undefined || walk.count === 1) {
            previous = reading && digest(reading.items)
            return reading?.items ?? []
          }
          const shown = walk.count - 1
          if (reading.items.length === 0) {
            stopped = `page ${walk.count} is empty: --all stopped there, showing ${pagesText(shown)}.`
          } else if (digest(reading.items) === previous) {
            const ignored = walk.guessed ? ` (the server seems to ignore ${walk.guessed}=)` : ''
            stopped = `page ${walk.count} repeats page ${shown}${ignored}: --all stopped there, showing ${pagesText(shown)}.`
          } else {
            previous = digest(reading.items)
            return reading.items
          }
          reading = undefined
          return []
        },
        paginate: ({ response }) => {
          if (reading === undefined || stopped !== undefined) return false
          const next = nextPageUrl(last ?? toHttpResponse(response as Response<Buffer>), reading, walk)
          if (typeof next === 'string') {
            stopped = `${next}; showing ${pagesText(walk.count)}.`
            return false
          }
          if (next && walk.count >= paging.maxPages) truncated = true
          if (next) walk.visited.add(next.href)
          return next ? { url: next } : false
        },
      },
    } as OptionsInit)
    if (!last) throw new Error('no page was received')
    return { items, pageCount: walk.count, last, truncated, stopped }
  } catch (error) {
    if (isApictlError(error)) throw error
    throw toNetworkError(error, request.method, request.url, options.timeoutMs)
  }
}

function pagesText(count: number): string {
  return count === 1 ? 'page 1 only' : `pages 1-${count}`
}
