import { type HttpRequest, type HttpResponse, streamFraming } from '../../../core/exchange.js'
import { walkPages } from '../../../transport/paginate.js'
import { send } from '../../../transport/send.js'
import { sendStreamed } from '../../../transport/send-streamed.js'
import type { TransportOptions } from '../../../transport/transport-options.js'
import { decodeRestResponse, type RestResult } from './decode-rest-response.js'
import { describeBody, linkNote, type MergedPages, RestPages } from './merged-pages.js'
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
  /** The decoded response (with --all: the first page; `pages.end` has the last). */
  result: RestResult
  /** With --all, when page 1 is a list: every page's items, each page fetched as the one before is read. */
  pages?: MergedPages
  /** The decoded response's exit code (with --all, the last page's once the pages have been read). */
  readonly exitCode: number
}

/** Sends a REST request (one page or, with --all, every page) and decodes the answer. */
export async function sendRestRequest(
  request: HttpRequest,
  transport: TransportOptions,
  options: RestSendOptions,
): Promise<RestOutcome> {
  if (options.all) return sendAllPages(request, transport, options)
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
  return { result, exitCode: result.exitCode }
}

/**
 * --all: page 1 is fetched; when it is a list, the outcome hands the pages
 * over as they are read (`pages`), the walk going on while they are printed.
 * A page 1 that is not a list (or failed) is the outcome, with a warning.
 */
async function sendAllPages(
  request: HttpRequest,
  transport: TransportOptions,
  options: RestSendOptions,
): Promise<RestOutcome> {
  // Each page is decoded once: for reading its list, and as the result when it ends the walk.
  let decoded: { response: HttpResponse; result: RestResult } | undefined
  const decode = (response: HttpResponse) => {
    if (decoded?.response !== response)
      decoded = { response, result: decodeRestResponse(response, request.method) }
    return decoded.result
  }
  const walk = walkPages(request, transport, {
    maxPages: options.maxPages,
    read: (page) => readRestPage(decode(page)),
    onPage: options.onPage,
  })
  const first = await walk.next()
  if (first.done) {
    const result = decode(first.value.last)
    // A page 1 that is not a list: say so rather than stop quietly.
    if (result.status < 300) {
      result.warnings.push(
        `--all merges JSON lists, but the answer is ${describeBody(result)}: only page 1 is shown${linkNote(result)}.`,
      )
    }
    return { result, exitCode: result.exitCode }
  }
  const result = decode(first.value.response)
  const pages = new RestPages(first.value, walk, decode)
  return {
    result,
    pages,
    get exitCode() {
      return pages.end?.result.exitCode ?? result.exitCode
    },
  }
}
