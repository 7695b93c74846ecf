import { type Context, colourEnabled } from '../core/context.js'
import { headerValue } from '../core/exchange.js'
import type { CommonOptions, OutputFormat } from '../core/request-options.js'
import type { RestResult } from '../protocols/rest/client/decode-rest-response.js'
import { formatBinaryNotice } from '../render/binary.js'
import { formatHeaders } from '../render/format-headers.js'
import { formatJson } from '../render/format-json.js'
import { formatJsonText } from '../render/format-json-text.js'
import { formatStatusLine } from '../render/format-status-line.js'
import { formatTable } from '../render/format-table.js'
import { formatXml } from '../render/format-xml.js'
import { xmlToJson } from '../render/xml-to-json.js'

interface View {
  colour: boolean
  columns: number
  tty: boolean
  warn(message: string): void
}

/**
 * stdout gets the result only (body, headers for HEAD, methods for OPTIONS);
 * the status line and warnings go to stderr.
 */
export function printRestResult(
  result: RestResult,
  common: CommonOptions,
  ctx: Context,
  merged?: unknown[],
): void {
  const errColour = colourEnabled(ctx.stderr, ctx.env, common.colour)
  if ((ctx.stderr.isTTY || result.status >= 400) && !common.verbose) {
    ctx.stderr.write(`${formatStatusLine(result.response, { colour: errColour })}\n`)
  }
  const view: View = {
    colour: colourEnabled(ctx.stdout, ctx.env, common.colour),
    columns: ctx.stdout.columns ?? 100,
    tty: ctx.stdout.isTTY,
    warn: (message) => ctx.stderr.write(`warning: ${message}\n`),
  }
  for (const warning of result.warnings) view.warn(warning)
  const output = restOutput(result, common.output ?? 'pretty', view, merged)
  if (output === undefined) return
  if (Buffer.isBuffer(output)) ctx.stdout.write(output)
  else ctx.stdout.write(output.endsWith('\n') ? output : `${output}\n`)
}

/** What stdout shows for a REST result in a format: text, the raw bytes, or nothing. */
function restOutput(
  result: RestResult,
  format: OutputFormat,
  view: View,
  merged?: unknown[],
): string | Buffer | undefined {
  const { colour } = view
  if (result.method === 'HEAD')
    return `${formatStatusLine(result.response, { colour })}\n${formatHeaders(result.headers, { colour })}`
  if (result.method === 'OPTIONS' && result.body.kind === 'empty') {
    const allowed = allowedMethods(result)
    return format === 'json' ? JSON.stringify(allowed) : allowed.join(', ')
  }
  if (format === 'raw') return result.response.body
  const value = merged ?? structured(result)
  if (format === 'table' || format === 'json') {
    if (value !== undefined) {
      if (format === 'table') return formatTable(value, { colour, columns: view.columns })
      if (merged === undefined && result.body.kind === 'json')
        return formatJsonText(result.body.text, { colour }).text
      return formatJson(value, { colour })
    }
    if (result.body.kind !== 'empty')
      view.warn(`-o ${format} needs a JSON or XML body; showing the body as it is.`)
  }
  if (format === 'xml' && result.body.kind !== 'xml' && result.body.kind !== 'empty') {
    view.warn('-o xml applies to XML bodies; showing the body as it is.')
  }
  if (merged !== undefined) return formatJson(merged, { colour })
  return prettyBody(result, view)
}

function prettyBody(result: RestResult, view: View): string | Buffer | undefined {
  const body = result.body
  switch (body.kind) {
    case 'empty':
      return undefined
    case 'json':
      return formatJsonText(body.text, { colour: view.colour }).text
    case 'xml':
      return formatXml(body.text, { colour: view.colour })
    case 'binary':
      return view.tty ? formatBinaryNotice(body.bytes, result.contentType) : result.response.body
    case 'text':
      return body.text
  }
}

function structured(result: RestResult): unknown {
  if (result.body.kind === 'json') return result.body.value
  if (result.body.kind === 'xml') return xmlToJson(result.body.text)
  return undefined
}

function allowedMethods(result: RestResult): string[] {
  const allow =
    headerValue(result.headers, 'allow') ?? headerValue(result.headers, 'access-control-allow-methods') ?? ''
  return allow
    .split(',')
    .map((method) => method.trim().toUpperCase())
    .filter(Boolean)
}
