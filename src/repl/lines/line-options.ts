import { type ParseArgsConfig, parseArgs } from 'node:util'
import { UsageError } from '../../core/errors.js'
import { type CommonOptions, OUTPUT_FORMATS, type OutputFormat } from '../../core/request-options.js'
import { normalizeCommonOptions } from '../../options/common-options.js'

type OptionSpec = NonNullable<ParseArgsConfig['options']>

/** The options every request line takes, as on the command line (SPEC §3). */
export const COMMON_LINE_OPTIONS = {
  header: { type: 'string', short: 'H', multiple: true },
  user: { type: 'string' },
  token: { type: 'string' },
  timeout: { type: 'string' },
  retry: { type: 'string' },
  'retry-unsafe': { type: 'boolean' },
  insecure: { type: 'boolean' },
  output: { type: 'string', short: 'o' },
  'no-color': { type: 'boolean' },
  verbose: { type: 'boolean', short: 'v' },
  'dry-run': { type: 'boolean' },
  curl: { type: 'boolean' },
} as const satisfies OptionSpec

/** Options of a REST line, as `apictl rest` takes them. */
export const REST_LINE_OPTIONS = {
  ...COMMON_LINE_OPTIONS,
  data: { type: 'string' },
  page: { type: 'string' },
  limit: { type: 'string' },
  all: { type: 'boolean' },
  'max-pages': { type: 'string' },
  accept: { type: 'string' },
  'api-version': { type: 'string' },
  lint: { type: 'boolean' },
  'no-lint': { type: 'boolean' },
  follow: { type: 'boolean' },
} as const

/** Options of a `gql` line, before the document or after it. */
export const GQL_LINE_OPTIONS = {
  ...COMMON_LINE_OPTIONS,
  endpoint: { type: 'string', short: 'e' },
  operation: { type: 'string' },
  get: { type: 'boolean' },
  'no-validate': { type: 'boolean' },
} as const

/** Options of a `soap` line, as `apictl soap call` takes them. */
export const SOAP_LINE_OPTIONS = {
  ...COMMON_LINE_OPTIONS,
  endpoint: { type: 'string', short: 'e' },
  soap: { type: 'string' },
  ns: { type: 'string' },
  action: { type: 'string' },
  'no-action': { type: 'boolean' },
  'soap-header': { type: 'string', multiple: true },
  'must-understand': { type: 'boolean' },
  actor: { type: 'string' },
  wss: { type: 'string' },
  'encoding-style': { type: 'string' },
  method: { type: 'string' },
} as const

export type LineValues = Record<string, string | boolean | string[] | undefined>

export interface ParsedLine {
  positionals: string[]
  values: LineValues
}

/** Splits a request line's words into options (`-o table`, `--dry-run`) and the rest. */
export function parseLine(words: string[], options: OptionSpec, usage: string): ParsedLine {
  try {
    const parsed = parseArgs({ args: words, options, allowPositionals: true, strict: true })
    return { positionals: parsed.positionals, values: parsed.values as LineValues }
  } catch (error) {
    const message = (error as Error).message.replace(/\. To specify a positional.*$/s, '.')
    throw new UsageError(message.endsWith('.') ? message : `${message}.`, {
      hint: `${usage}; options: ${optionList(options)}.`,
    })
  }
}

function optionList(options: OptionSpec): string {
  return Object.entries(options)
    .map(([name, spec]) => (spec.short ? `-${spec.short}/--${name}` : `--${name}`))
    .join(' ')
}

/** The common options of a line, checked and typed as the CLI does. */
export function commonOptions(values: LineValues): CommonOptions {
  const output = values.output as string | undefined
  if (output !== undefined && !(OUTPUT_FORMATS as readonly string[]).includes(output)) {
    throw new UsageError(`-o ${output}: not an output format.`, {
      hint: `Use one of ${OUTPUT_FORMATS.join(', ')}.`,
    })
  }
  return normalizeCommonOptions({
    header: values.header as string[] | undefined,
    user: values.user as string | undefined,
    token: values.token as string | undefined,
    timeout: numberOption(values.timeout, '--timeout', (n) => n > 0),
    retry: numberOption(values.retry, '--retry', (n) => Number.isInteger(n) && n >= 0) ?? 0,
    retryUnsafe: values['retry-unsafe'] as boolean | undefined,
    insecure: values.insecure as boolean | undefined,
    output: output as OutputFormat | undefined,
    color: values['no-color'] === true ? false : undefined,
    verbose: values.verbose as boolean | undefined,
    dryRun: values['dry-run'] as boolean | undefined,
    curl: values.curl as boolean | undefined,
  })
}

/** A number option's value, or undefined when not given. */
export function numberOption(
  value: string | boolean | string[] | undefined,
  name: string,
  valid: (number: number) => boolean,
): number | undefined {
  if (value === undefined) return undefined
  const number = Number(value)
  if (typeof value !== 'string' || !Number.isFinite(number) || !valid(number)) {
    throw new UsageError(`${name} ${String(value)}: not a valid number here.`)
  }
  return number
}
