import { type Context, colourEnabled } from '../core/context.js'
import type { CommonOptions } from '../core/request-options.js'
import type { SoapOutcome } from '../protocols/soap/client/decode-soap-response.js'
import { faultSummary } from '../protocols/soap/client/fault-summary.js'
import type { ParameterDescription } from '../protocols/soap/client/service-description.js'
import { typedValues } from '../protocols/soap/client/typed-values.js'
import { formatJson } from './format-json.js'
import { formatSoapFault } from './format-soap-fault.js'
import { formatSoapValues } from './format-soap-values.js'
import { formatStatusLine } from './format-status-line.js'
import { formatXml } from './format-xml.js'
import { outputWidth } from './output-width.js'
import { bytesForTerminal, escapeControl, safeMessage } from './safe-text.js'

function line(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`
}

/** A short, safe excerpt of a body that is not an envelope, to show what came instead. */
function excerpt(body: Buffer): string {
  const text = body.subarray(0, 300).toString('utf8').replace(/\s+/g, ' ').trim()
  return escapeControl(text, { newlines: false }) + (body.length > 300 ? '…' : '')
}

/**
 * The output format: -o as given, else the human view on a terminal and the
 * `-o json` shape when stdout is piped (SPEC §3, as REST and GraphQL print JSON).
 */
export function soapFormat(common: CommonOptions, ctx: Context): NonNullable<CommonOptions['output']> {
  return common.output ?? (ctx.stdout.isTTY ? 'pretty' : 'json')
}

/** Renders a result's values for stdout: `-o table`, `-o json` or the pretty view. */
export type ValuesFormatter = (operation: string, values: Record<string, unknown>, colour: boolean) => string

/**
 * The formatter for a format, loaded only when used: `-o table` pulls in
 * cli-table3, which the other formats never pay for at start-up.
 */
export async function soapValuesFormatter(common: CommonOptions, ctx: Context): Promise<ValuesFormatter> {
  const format = soapFormat(common, ctx)
  if (format === 'table') {
    const { formatSoapTable } = await import('./format-soap-table.js')
    return (_operation, values, colour) =>
      formatSoapTable(values, { colour, columns: outputWidth(ctx.stdout, ctx.env) })
  }
  if (format === 'json')
    return (operation, values, colour) => formatJson({ operation, result: values }, { colour })
  return (operation, values, colour) => formatSoapValues(operation, values, { colour })
}

/** What the caller knows about the call, for printing its answer. */
export interface SoapOutcomeDescription {
  /** The response element's described children, to type its values. */
  parameters?: readonly ParameterDescription[] | undefined
  /** The operation called (or the ready envelope's Body element), named in `-o json` for a one-way answer. */
  operation?: string | undefined
}

/**
 * Prints a SOAP answer (its exit code is the decoder's). stdout gets
 * the result only: values (pretty, -o table, -o json), or the envelope
 * (-o xml pretty-printed, -o raw as received). A fault is one readable block
 * on stderr, or `{"fault": {...}}` on stdout with -o json. An empty 202/204
 * (one-way) is a note on stderr (`-o json`: `{"operation": …, "result": null}`).
 * An answer that is not an envelope is an error on stderr.
 */
export function printSoapOutcome(
  outcome: SoapOutcome,
  common: CommonOptions,
  ctx: Context,
  formatValues: ValuesFormatter,
  described: SoapOutcomeDescription = {},
): void {
  const colour = colourEnabled(ctx.stdout, ctx.env, common.colour)
  const errColour = colourEnabled(ctx.stderr, ctx.env, common.colour)
  const format = soapFormat(common, ctx)
  if (outcome.kind === 'accepted') {
    const status = [String(outcome.status), outcome.response.statusText].filter(Boolean).join(' ')
    ctx.stderr.write(`HTTP ${status}: accepted, no response envelope (one-way).\n`)
    if (format === 'json') {
      ctx.stdout.write(line(formatJson({ operation: described.operation ?? null, result: null }, { colour })))
    }
    return
  }
  if (outcome.kind === 'not-envelope') {
    if (format === 'raw') ctx.stdout.write(bytesForTerminal(outcome.response.body, ctx.stdout))
    const lines = [
      `error: the SOAP endpoint did not answer with a SOAP envelope (${safeMessage(outcome.reason)}).`,
      `  where: ${safeMessage(outcome.response.url)}`,
    ]
    if (outcome.response.body.length > 0) lines.push(`  body:  ${excerpt(outcome.response.body)}`)
    lines.push(
      "  try:   check the endpoint (-e, --wsdl, the profile's soap URL); -v shows the whole exchange.",
    )
    ctx.stderr.write(`${lines.join('\n')}\n`)
    return
  }
  if (format === 'raw') ctx.stdout.write(bytesForTerminal(outcome.response.body, ctx.stdout))
  else if (format === 'xml') ctx.stdout.write(line(formatXml(outcome.text, { colour })))
  if (outcome.kind === 'fault') {
    const summary = faultSummary(outcome.fault, outcome.version)
    if (format === 'json') ctx.stdout.write(line(formatJson({ fault: summary }, { colour })))
    // JSON chosen for a pipe (no -o): the fault is still said on stderr, as every error is.
    if (format !== 'json' || common.output === undefined)
      ctx.stderr.write(line(formatSoapFault(summary, { colour: errColour })))
    return
  }
  if (ctx.stderr.isTTY && !common.verbose && format !== 'json') {
    ctx.stderr.write(line(formatStatusLine(outcome.response, { colour: errColour })))
  }
  if (format !== 'xml' && format !== 'raw') {
    const values = typedValues(outcome.values, described.parameters)
    ctx.stdout.write(line(formatValues(outcome.operation.local, values, colour)))
  }
}
