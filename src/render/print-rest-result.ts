import { type Context, colourEnabled } from '../core/context.js'
import { isApictlError } from '../core/errors.js'
import { headerValue, mediaType } from '../core/exchange.js'
import type { CommonOptions, OutputFormat } from '../core/request-options.js'
import type { RestResult } from '../protocols/rest/client/decode-rest-response.js'
import type { RestOutcome } from '../protocols/rest/client/send-rest-request.js'
import { formatBinaryNotice } from './binary.js'
import { formatHeaders } from './format-headers.js'
import { formatJson } from './format-json.js'
import { formatJsonText } from './format-json-text.js'
import { formatStatusLine } from './format-status-line.js'
import { formatTable } from './format-table.js'
import { formatXmlText } from './format-xml.js'
import { writeJsonTokens } from './json-printer.js'
import { jsonValueTokens } from './json-value-tokens.js'
import { outputWidth } from './output-width.js'
import { printBodyStream } from './print-body-stream.js'
import { bytesForTerminal, forTerminal, safeMessage } from './safe-text.js'
import { tableOf } from './table-of.js'
import { writeWarning } from './write-warning.js'
import { xmlToJson } from './xml-to-json.js'

export { STREAM_WINDOW } from '../core/size.js'

interface View {
  colour: boolean
  columns: number
  tty: boolean
  warn(message: string): void
  note(message: string): void
  /** Server text as stdout shows it: escaped on a terminal, as received elsewhere. */
  shown(text: string): string
}

export interface RestPrintOptions {
  /** The list --all merged from every page. */
  merged?: unknown[]
  /** --follow was given: a 3xx that is still here was not a redirect to follow. */
  followRedirects?: boolean
}

/**
 * A REST call's outcome: a warning when --max-pages stopped --all early,
 * then the result (with --all, the list merged from every page).
 */
export function printRestOutcome(
  outcome: RestOutcome,
  common: CommonOptions,
  ctx: Context,
  options: { maxPages: number; followRedirects: boolean },
): undefined | Promise<void> {
  if (outcome.truncated) {
    ctx.stderr.write(`warning: stopped after ${options.maxPages} pages (--max-pages); the server has more.\n`)
  }
  return printRestResult(outcome.result, common, ctx, {
    merged: outcome.items,
    followRedirects: options.followRedirects,
  })
}

/**
 * stdout gets the result only (body, headers for HEAD, methods for OPTIONS);
 * the status line, a redirect not followed and warnings go to stderr. A body
 * too long to hold is printed as it arrives: the promise settles once it has
 * all been read.
 */
export function printRestResult(
  result: RestResult,
  common: CommonOptions,
  ctx: Context,
  options: RestPrintOptions = {},
): undefined | Promise<void> {
  printStatus(result, common, ctx, options.followRedirects === true)
  const view: View = {
    colour: colourEnabled(ctx.stdout, ctx.env, common.colour),
    columns: outputWidth(ctx.stdout, ctx.env),
    tty: ctx.stdout.isTTY,
    warn: (message) => writeWarning(ctx.stderr, message),
    note: (message) => ctx.stderr.write(`note: ${safeMessage(message)}\n`),
    shown: (text) => forTerminal(text, ctx.stdout),
  }
  for (const warning of result.warnings) view.warn(warning)
  const format = common.output ?? 'pretty'
  if (result.body.kind === 'stream' && options.merged === undefined) {
    return printBodyStream(result.body, format, result.contentType, view, ctx.stdout)
  }
  if (
    options.merged !== undefined &&
    (format === 'pretty' || format === 'json') &&
    result.method !== 'HEAD'
  ) {
    // The merged list goes out in blocks as it is laid out, never as one string.
    writeJsonTokens(jsonValueTokens(options.merged), { colour: view.colour, indent: 2 }, (chunk) =>
      ctx.stdout.write(chunk),
    )
    ctx.stdout.write('\n')
    return
  }
  const output = restOutput(result, format, view, options.merged)
  if (output === undefined) return
  if (Buffer.isBuffer(output)) ctx.stdout.write(bytesForTerminal(output, ctx.stdout))
  else ctx.stdout.write(output.endsWith('\n') ? output : `${output}\n`)
}

/**
 * The status line on stderr: on a terminal, for an error status, and for a
 * redirect (with its Location, and how to follow it).
 */
function printStatus(result: RestResult, common: CommonOptions, ctx: Context, followed: boolean): void {
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

/** What stdout shows for a REST result in a format: text, the raw bytes, or nothing. */
function restOutput(
  result: RestResult,
  format: OutputFormat,
  view: View,
  merged?: unknown[],
): string | Buffer | undefined {
  const { colour } = view
  if (result.method === 'HEAD') {
    return format === 'json'
      ? formatJson(result.headers, { colour })
      : formatHeaders(result.headers, { colour })
  }
  if (result.method === 'OPTIONS' && result.body.kind === 'empty') {
    const allowed = allowedMethods(result)
    return format === 'json'
      ? formatJson(allowed, { colour: false, indent: 0 })
      : view.shown(allowed.join(', '))
  }
  if (format === 'raw') return result.response.body
  if (merged !== undefined) {
    return format === 'table'
      ? formatTable(merged, { colour, columns: view.columns })
      : formatJson(merged, { colour })
  }
  if (format === 'table' || format === 'json') return structuredOutput(result, format, view)
  if (format === 'xml' && result.body.kind !== 'xml' && result.body.kind !== 'empty') {
    view.warn('-o xml applies to XML bodies; showing the body as it is.')
  }
  return prettyBody(result, view)
}

/** -o json / -o table: the body as data (XML converted); a body that is not data is shown as received, with a warning. */
function structuredOutput(
  result: RestResult,
  format: 'json' | 'table',
  view: View,
): string | Buffer | undefined {
  const { colour } = view
  const body = result.body
  if (body.kind === 'empty') return undefined
  if (body.kind === 'json') {
    return format === 'table' ? tableOf(body.value, view, false) : formatJsonText(body.text, { colour }).text
  }
  if (body.kind === 'xml') {
    let value: unknown
    try {
      value = xmlToJson(body.text)
    } catch (error) {
      if (!isApictlError(error)) throw error
      view.warn(`${error.message}; -o ${format} shows it as received.`)
      return view.shown(body.text)
    }
    return format === 'table' ? tableOf(value, view, true) : formatJson(value, { colour })
  }
  if (body.kind === 'text' && body.problem !== undefined) {
    view.warn(`${body.problem}; -o ${format} shows it as received.`)
    return view.shown(body.text)
  }
  view.warn(`-o ${format} needs a JSON or XML body; showing the body as it is.`)
  return prettyBody(result, view)
}

function prettyBody(result: RestResult, view: View): string | Buffer | undefined {
  const body = result.body
  switch (body.kind) {
    case 'empty':
      return undefined
    case 'json':
      return formatJsonText(body.text, { colour: view.colour }).text
    case 'xml': {
      const formatted = formatXmlText(body.text, { colour: view.colour })
      if (formatted.error === undefined) return formatted.text
      view.warn(
        `The body claims ${mediaType(result.contentType)} but is not well-formed XML (${formatted.error}); shown as received.`,
      )
      return view.shown(formatted.text)
    }
    case 'binary':
      return view.tty ? formatBinaryNotice(body.bytes, result.contentType) : result.response.body
    case 'text':
      if (body.problem !== undefined) view.warn(`${body.problem}; shown as received.`)
      return view.shown(body.text)
  }
}

function allowedMethods(result: RestResult): string[] {
  const allow =
    headerValue(result.headers, 'allow') ?? headerValue(result.headers, 'access-control-allow-methods') ?? ''
  return allow
    .split(',')
    .map((method) => method.trim().toUpperCase())
    .filter(Boolean)
}
