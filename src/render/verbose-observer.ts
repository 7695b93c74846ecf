import { type Context, colourEnabled } from '../core/context.js'
import type { CommonOptions } from '../core/request-options.js'
import type { TransportObserver } from '../transport/transport-options.js'
import { formatHeaders } from './format-headers.js'
import { formatRequestHead } from './format-request-head.js'
import { formatStatusLine } from './format-status-line.js'
import { formatTimings } from './format-timings.js'
import { redactHeaders, redactUrl } from './redact.js'
import { escapeControl } from './safe-text.js'

/** -v: request and response heads and timings on stderr, credentials redacted. */
export function verboseObserver(ctx: Context, common: CommonOptions): TransportObserver {
  const colour = colourEnabled(ctx.stderr, ctx.env, common.colour)
  const write = (text: string) => ctx.stderr.write(text)
  return {
    requestSent(request) {
      const head = formatRequestHead(
        { method: request.method, url: redactUrl(request.url), headers: redactHeaders(request.headers) },
        { colour },
      )
      write(`${head}\n`)
      if (request.body !== undefined && request.body.length > 0) {
        write(`\n${escapeControl(request.body.toString())}\n`)
      }
      write('\n')
    },
    retrying(attempt, reason) {
      write(`retry ${attempt} after ${escapeControl(reason, { newlines: false })}\n`)
    },
    tokenFetched(tokenUrl, fromCache) {
      write(
        fromCache
          ? `OAuth 2.0 token from the cache (${redactUrl(tokenUrl)})\n`
          : `OAuth 2.0 token fetched from ${redactUrl(tokenUrl)}\n`,
      )
    },
    responseReceived(response) {
      write(
        `${formatStatusLine(response, { colour })}\n${formatHeaders(redactHeaders(response.headers), { colour })}\n`,
      )
      write(`${formatTimings(response.timings, { colour })}\n\n`)
    },
  }
}
