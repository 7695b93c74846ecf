import { redactUrl } from '../../../core/redact-url.js'
import { linksNextPage, pagesText, type WalkEnd, type WalkedPage } from '../../../transport/paginate.js'
import type { RestResult } from './decode-rest-response.js'
import { readRestPage } from './read-rest-page.js'

/** How an --all walk ended, once its pages have been read. */
export interface MergedEnd {
  /** The last page, or the page that ended the walk (an error, not a list), decoded; its warnings say why a walk stopped early. */
  result: RestResult
  /** --max-pages stopped the walk while the server had more. */
  truncated: boolean
  /** The walk ended at a page that failed (a status of 300 or more): its number. */
  failedPage?: number
}

/**
 * The items of every page of an --all walk, page by page: each page is
 * fetched when the one before has been read, so a reader that prints them
 * holds one page at a time. Read them once.
 */
export interface MergedPages extends AsyncIterable<unknown[]> {
  /** Pages whose items have been handed over so far. */
  readonly read: number
  /** Set when the pages have been read to the end: how the walk ended. */
  readonly end: MergedEnd | undefined
  /** A list that gets every page's items as they are handed over (for a surface that keeps the merged list). */
  keep(): unknown[]
}

/** Every page's items in one list (a surface that returns the whole list: the library). */
export async function collectPages(pages: MergedPages): Promise<unknown[]> {
  const items: unknown[] = []
  for await (const page of pages) for (const item of page) items.push(item)
  return items
}

/** A REST walk's pages, page 1 (a list) already fetched; each page that ends the walk decoded by `decode`. */
export class RestPages implements MergedPages {
  read = 0
  end: MergedEnd | undefined
  private kept: unknown[] | undefined

  constructor(
    private first: WalkedPage | undefined,
    private readonly walk: AsyncIterator<WalkedPage, WalkEnd>,
    private readonly decode: (page: WalkedPage['response']) => RestResult,
  ) {}

  keep(): unknown[] {
    this.kept ??= []
    return this.kept
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<unknown[]> {
    try {
      let page = this.first
      this.first = undefined
      while (page !== undefined) {
        this.read = page.number
        if (this.kept !== undefined) for (const item of page.items) this.kept.push(item)
        yield page.items
        const next = await this.walk.next()
        if (next.done) {
          this.end = this.ended(next.value)
          return
        }
        page = next.value
      }
    } finally {
      // Read to the end, or left early: either way the walk is closed.
      await this.walk.return?.()
    }
  }

  private ended(walk: WalkEnd): MergedEnd {
    const last = this.decode(walk.last)
    if (walk.stopped !== undefined) last.warnings.push(walk.stopped)
    const page = walk.pageCount
    const before = page === 2 ? 'the page' : `the ${page - 1} pages`
    if (last.status >= 300) {
      const answer = `${last.status}${last.statusText ? ` ${last.statusText}` : ''}`
      last.warnings.push(
        `--all stopped at page ${page} (${redactUrl(walk.last.url)}): the server answered ${answer}; showing ${pagesText(page - 1)}.`,
      )
      return { result: last, truncated: walk.truncated, failedPage: page }
    }
    if (readRestPage(last) === undefined) {
      const next = linkNote(last)
      last.warnings.push(
        `--all stopped at page ${page}: it is ${describeBody(last)}, not a JSON list; showing ${before} before it${next}.`,
      )
    }
    return { result: last, truncated: walk.truncated }
  }
}

/** "; the server links a next page, which was not fetched" when a page that ended the walk links one. */
export function linkNote(result: RestResult): string {
  return linksNextPage(result.response) ? '; the server links a next page, which was not fetched' : ''
}

/** "XML", "a JSON object (its list is under "data")", ... for the --all warning. */
export function describeBody(result: RestResult): string {
  const body = result.body
  if (body.kind === 'xml') return 'XML (pages of XML are not merged)'
  if (body.kind !== 'json') return body.kind === 'empty' ? 'empty' : `not JSON (${body.kind})`
  const value = body.value
  if (value === null || typeof value !== 'object')
    return `a single JSON ${value === null ? 'null' : typeof value}`
  const lists = Object.entries(value).filter(([, field]) => Array.isArray(field))
  if (lists.length === 1) return `a JSON object with its list under "${lists[0]![0]}"`
  return 'a JSON object, not a list'
}
