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

/** One page of a walk: its number (from 1), the response and the items it adds. */
export interface WalkedPage {
  number: number
  response: HttpResponse
  items: unknown[]
}

/** How a walk ended. */
export interface WalkEnd {
  /** How many pages were fetched (a page that repeated the previous one, or ended the walk, included). */
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
 * number in the body, or else page numbers), handing each page's items over
 * as it comes: the next page is fetched only when the reader asks for it, so
 * nothing but the current page is held. Every page goes through the one
 * transport (retries, --max-size each), all within one time limit that
 * counts the time spent fetching, not the time the reader holds a page (a
 * pager read slowly does not time the walk out). It never fetches the same page twice: a page
 * equal to the one before, an empty page, or a link back to a page already
 * fetched ends the walk. Returns how it ended; a failure is thrown as send()
 * words it.
 */
export async function* walkPages(
  request: HttpRequest,
  options: TransportOptions,
  paging: PaginateOptions,
): AsyncGenerator<WalkedPage, WalkEnd, undefined> {
  const walk: PageWalk = { count: 0, visited: new Set([new URL(request.url).href]), byBody: false }
  let previous: string | undefined
  let stopped: string | undefined
  let truncated = false
  const budget = fetchBudget(options)
  // The page being fetched: a failure names it.
  let next: HttpRequest | undefined = request
  try {
    const first = request
    next = await budget.spend((signal) => withOAuth2(first, { ...options, signal }))
    let last: HttpResponse | undefined
    while (next !== undefined) {
      const sent = next
      const page: HttpResponse = await budget.spend((signal, deadline) =>
        receiveOwnSignal(sent, options, signal, deadline),
      )
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
      yield { number: walk.count, response: page, items: reading.items }
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
    return { pageCount: walk.count, last: last!, truncated, stopped }
  } catch (error) {
    throw transportError(error, next ?? request, options)
  }
}

/** The walk's time limit, spent only while a page (or the OAuth 2.0 token) is being fetched. */
function fetchBudget(options: TransportOptions) {
  let spent = 0
  return {
    async spend<T>(work: (signal: AbortSignal, deadline: number) => Promise<T>): Promise<T> {
      const started = Date.now()
      const call = callDeadline({ ...options, timeoutMs: Math.max(0, options.timeoutMs - spent) })
      try {
        return await work(call.signal, call.deadline)
      } finally {
        call.done()
        spent += Date.now() - started
      }
    },
  }
}

/**
 * One page under a signal of its own that follows the walk's: got adds an
 * abort listener to the signal a request is given and never removes it, so
 * with the walk's signal every page (its body too) stayed reachable to the
 * end (out of memory at ~1,000 pages of 200 items with a 32 MB heap).
 */
async function receiveOwnSignal(
  request: HttpRequest,
  options: TransportOptions,
  signal: AbortSignal,
  deadline: number,
): Promise<HttpResponse> {
  const own = new AbortController()
  const follow = () => own.abort(signal.reason)
  if (signal.aborted) follow()
  else signal.addEventListener('abort', follow, { once: true })
  try {
    return await receive(request, options, own.signal, deadline)
  } finally {
    signal.removeEventListener('abort', follow)
  }
}

/** "page 1 only", "pages 1-3". */
export function pagesText(count: number): string {
  return count === 1 ? 'page 1 only' : `pages 1-${count}`
}
