import { type Context, colourEnabled } from '../core/context.js'
import { headerValue } from '../core/exchange.js'
import type { CommonOptions } from '../core/request-options.js'
import type { RestResult } from '../protocols/rest/client/decode-rest-response.js'
import { formatHeaders } from './format-headers.js'
import { formatStatusLine } from './format-status-line.js'
import { outputWidth } from './output-width.js'
import type { StreamView } from './print-body-stream.js'
import { forTerminal, safeMessage } from './safe-text.js'
import { writeWarning } from './write-warning.js'

/** How a REST result is shown on this stdout, and where its warnings and notes go. */
export interface RestView extends StreamView {
  /** Server text as stdout shows it: escaped on a terminal, as received elsewhere. */
  shown(text: string): string
}

export function restView(common: CommonOptions, ctx: Context): RestView {
  return {
    colour: colourEnabled(ctx.stdout, ctx.env, common.colour),
    columns: outputWidth(ctx.stdout, ctx.env),
    tty: ctx.stdout.isTTY,
    warn: (message) => writeWarning(ctx.stderr, message),
    note: (message) => ctx.stderr.write(`note: ${safeMessage(message)}\n`),
    shown: (text) => forTerminal(text, ctx.stdout),
  }
}

/**
 * The status line on stderr: on a terminal, for an error status, and for a
 * redirect (with its Location, and how to follow it).
 */
export function printRestStatus(
  result: RestResult,
  common: CommonOptions,
  ctx: Context,
  followed: boolean,
): void {
  const colour = colourEnabled(ctx.stderr, ctx.env, common.colour)
  const isRedirect = result.status >= 300 && result.status < 400
  const location = isRedirect ? headerValue(result.headers, 'location') : undefined
  // -v, and -i / --print with `h`, show it already.
  const shown = common.verbose || common.print?.responseHead === true
  if ((ctx.stderr.isTTY || result.status >= 400 || location !== undefined) && !shown) {
    ctx.stderr.write(`${formatStatusLine(result.response, { colour })}\n`)
    if (location !== undefined) ctx.stderr.write(`${formatHeaders({ Location: location }, { colour })}\n`)
  }
  if (location !== undefined && !followed) {
    ctx.stderr.write('note: a redirect, not followed; add --follow to follow it.\n')
  }
}
