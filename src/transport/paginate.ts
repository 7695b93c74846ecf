import { createHash } from 'node:crypto'
import type { HttpRequest, HttpResponse } from '../core/exchange.js'
import { nextPageUrl, type PageReading, type PageWalk } from './next-page-url.js'
import { headersFor, receive } from './receive.js'
import { callDeadline, transportError, withOAuth2 } from './send.js'
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
 * number in the body, or else page numbers), merging the lists; every page
 * through the one transport (retries, --max-size each), all within one time
 * limit. It never fetches the same page twice: a page equal to the one
 * before, an empty page, or a link back to a page already fetched ends the walk.
 */
export async function sendAllPages(
  request: HttpRequest,
  options: TransportOptions,
  paging: PaginateOptions,
): Promise<PaginatedResult> {
  const walk: PageWalk = { count: 0, visited: new Set([new URL(request.url).href]), byBody: false }
  const items: unknown[] = []
  let previous: string | undefined
  let stopped: string | undefined
  let truncated = false
  const call = callDeadline(options)
  try {
    let next: HttpRequest | undefined = await withOAuth2(request, { ...options, signal: call.signal })
    let last: HttpResponse | undefined
    while (next !== undefined) {
      const page: HttpResponse = await receive(next, options, call.signal, call.deadline)
      last = page
      walk.count += 1
      paging.onPage?.(walk.count, page)
      const reading = page.status < 300 ? paging.read(page) : undefined
      if (reading === undefined) break
      if (walk.count > 1) {
        const shown = walk.count - 1
        if (reading.items.length === 0) {
          stopped = `page ${walk.count} is empty: --all stopped there, showing ${pagesText(shown)}.`
          break
        }
        if (digest(reading.items) === previous) {
          const ignored = walk.guessed ? ` (the server seems to ignore ${walk.guessed}=)` : ''
          stopped = `page ${walk.count} repeats page ${shown}${ignored}: --all stopped there, showing ${pagesText(shown)}.`
          break
        }
      }
      previous = digest(reading.items)
      items.push(...reading.items)
      const url = nextPageUrl(page, reading, walk)
      if (typeof url === 'string') {
        stopped = `${url}; showing ${pagesText(walk.count)}.`
        break
      }
      if (!url) break
      if (walk.count >= paging.maxPages) {
        truncated = true
        break
      }
      walk.visited.add(url.href)
      next = {
        ...next,
        url: url.href,
        headers: headersFor(next.headers, next.url, url, options.secretHeaders),
      }
    }
    return { items, pageCount: walk.count, last: last!, truncated, stopped }
  } catch (error) {
    throw transportError(error, request, options)
  } finally {
    call.done()
  }
}

function pagesText(count: number): string {
  return count === 1 ? 'page 1 only' : `pages 1-${count}`
}
