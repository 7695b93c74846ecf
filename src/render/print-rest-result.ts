import type { Context } from '../core/context.js'
import { isApictlError } from '../core/errors.js'
import { headerValue, mediaType } from '../core/exchange.js'
import type { CommonOptions, OutputFormat } from '../core/request-options.js'
import type { RestResult } from '../protocols/rest/client/decode-rest-response.js'
import type { RestOutcome } from '../protocols/rest/client/send-rest-request.js'
import { formatBinaryNotice } from './binary.js'
import { formatHeaders } from './format-headers.js'
import { formatJson } from './format-json.js'
import { formatJsonText } from './format-json-text.js'
import { formatXmlText } from './format-xml.js'
import { printBodyStream } from './print-body-stream.js'
import { printMergedPages } from './print-merged-pages.js'
import { printRestStatus, type RestView, restView } from './rest-view.js'
import { bytesForTerminal } from './safe-text.js'
import { tableOf } from './table-of.js'
import { xmlToJson } from './xml-to-json.js'

export { STREAM_WINDOW } from '../core/size.js'

export interface RestPrintOptions {
  /** --follow was given: a 3xx that is still here was not a redirect to follow. */
  followRedirects?: boolean
}

/**
 * A REST call's outcome: the result or, with --all, the merged list, printed
 * as its pages arrive (then what ended the walk early, on stderr).
 */
export function printRestOutcome(
  outcome: RestOutcome,
  common: CommonOptions,
  ctx: Context,
  options: { maxPages: number; followRedirects: boolean },
): undefined | Promise<void> {
  if (outcome.pages !== undefined)
    return printMergedPages(outcome.result, outcome.pages, common, ctx, options)
  return printRestResult(outcome.result, common, ctx, { followRedirects: options.followRedirects })
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
  printRestStatus(result, common, ctx, options.followRedirects === true)
  const view = restView(common, ctx)
  for (const warning of result.warnings) view.warn(warning)
  const format = common.output ?? 'pretty'
  if (result.body.kind === 'stream') {
    return printBodyStream(result.body, format, result.contentType, view, ctx.stdout)
  }
  const output = restOutput(result, format, view)
  if (output === undefined) return
  if (Buffer.isBuffer(output)) ctx.stdout.write(bytesForTerminal(output, ctx.stdout))
  else ctx.stdout.write(output.endsWith('\n') ? output : `${output}\n`)
}

/** What stdout shows for a REST result in a format: text, the raw bytes, or nothing. */
function restOutput(result: RestResult, format: OutputFormat, view: RestView): string | Buffer | undefined {
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
  view: RestView,
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

function prettyBody(result: RestResult, view: RestView): string | Buffer | undefined {
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
