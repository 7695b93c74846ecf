import type { HttpRequest } from '../../../core/exchange.js'
import { sendAllPages } from '../../../transport/paginate.js'
import { send } from '../../../transport/send.js'
import type { TransportOptions } from '../../../transport/transport-options.js'
import { decodeRestResponse, type RestResult } from './decode-rest-response.js'

export interface RestSendOptions {
  /** --all: follow the pages and merge the lists. */
  all: boolean
  maxPages: number
  onPage?(pageNumber: number): void
}

export interface RestOutcome {
  /** The decoded response (with --all: the last page, or the one that failed). */
  result: RestResult
  /** With --all: the merged list of every page's items. */
  items?: unknown[]
  truncated: boolean
}

/** Sends a REST request (one page or, with --all, every page) and decodes the answer. */
export async function sendRestRequest(
  request: HttpRequest,
  transport: TransportOptions,
  options: RestSendOptions,
): Promise<RestOutcome> {
  if (!options.all) {
    const response = await send(request, transport)
    return { result: decodeRestResponse(response, request.method), truncated: false }
  }
  const walk = await sendAllPages(request, transport, {
    maxPages: options.maxPages,
    extract: (page) => {
      const decoded = decodeRestResponse(page, request.method)
      return decoded.body.kind === 'json' && Array.isArray(decoded.body.value)
        ? decoded.body.value
        : undefined
    },
    onPage: options.onPage,
  })
  const last = decodeRestResponse(walk.last, request.method)
  const isList = last.status < 300 && last.body.kind === 'json' && Array.isArray(last.body.value)
  const merged = isList ? walk.items : undefined
  return { result: last, items: merged, truncated: walk.truncated }
}
