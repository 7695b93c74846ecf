import { type HttpRequest, streamFraming } from '../../../core/exchange.js'
import { linksNextPage, sendAllPages } from '../../../transport/paginate.js'
import { send } from '../../../transport/send.js'
import { sendStreamed } from '../../../transport/send-streamed.js'
import type { TransportOptions } from '../../../transport/transport-options.js'
import { decodeRestResponse, type RestResult } from './decode-rest-response.js'
import { readRestPage } from './read-rest-page.js'

export interface RestSendOptions {
  /** --all: follow the pages and merge the lists. */
  all: boolean
  maxPages: number
  onPage?(pageNumber: number): void
  /**
   * Hold at most this many bytes of a body (one page): a longer one is
   * handed over as it arrives (body kind `stream`) for a printer that reads
   * it so. Unset: the whole body is read and decoded.
   */
  streamAbove?: number
  /**
   * Live streams (server-sent events, NDJSON) come back at their head, the
   * body handed over as it arrives (body kind `stream`, `live`), for a
   * printer that shows each part as it comes.
   */
  live?: boolean
  /** --stream: with `live`, any body is a live stream. */
  stream?: boolean
}

export interface RestOutcome {
  /** The decoded response (with --all: the last page, or the one that failed). */
  result: RestResult
  /** With --all: the merged list of every page's items. */
  items?: unknown[]
  truncated: boolean
  /** The decoded response's exit code (the last page's, with --all). */
  exitCode: number
}

const isList = (result: RestResult): boolean => readRestPage(result) !== undefined

/** Sends a REST request (one page or, with --all, every page) and decodes the answer. */
export async function sendRestRequest(
  request: HttpRequest,
  transport: TransportOptions,
  options: RestSendOptions,
): Promise<RestOutcome> {
  if (!options.all) {
    const live = (contentType: string | undefined) =>
      options.stream === true || streamFraming(contentType) !== undefined
    const response =
      options.streamAbove === undefined && options.live !== true
        ? await send(request, transport)
        : await sendStreamed(request, transport, {
            window: options.streamAbove,
            live: options.live === true ? live : undefined,
          })
    const result = decodeRestResponse(response, request.method)
    return { result, truncated: false, exitCode: result.exitCode }
  }
  const walk = await sendAllPages(request, transport, {
    maxPages: options.maxPages,
    read: (page) => readRestPage(decodeRestResponse(page, request.method)),
    onPage: options.onPage,
  })
  const last = decodeRestResponse(walk.last, request.method)
  if (walk.stopped !== undefined) last.warnings.push(walk.stopped)
  if (last.status >= 300) return { result: last, truncated: walk.truncated, exitCode: last.exitCode }
  if (isList(last))
    return { result: last, items: walk.items, truncated: walk.truncated, exitCode: last.exitCode }
  // A page that is not a JSON list ends the walk: say so rather than stop quietly.
  const page = walk.pageCount
  const next = linksNextPage(walk.last) ? '; the server links a next page, which was not fetched' : ''
  if (page === 1) {
    last.warnings.push(
      `--all merges JSON lists, but the answer is ${describeBody(last)}: only page 1 is shown${next}.`,
    )
    return { result: last, truncated: walk.truncated, exitCode: last.exitCode }
  }
  last.warnings.push(
    `--all stopped at page ${page}: it is ${describeBody(last)}, not a JSON list; showing ${page === 2 ? 'the page' : `the ${page - 1} pages`} before it${next}.`,
  )
  return { result: last, items: walk.items, truncated: walk.truncated, exitCode: last.exitCode }
}

/** "XML", "a JSON object (its list is under "data")", ... for the --all warning. */
function describeBody(result: RestResult): string {
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
