import type { Option } from 'commander'
import { UsageError } from '../../core/errors.js'
import type { CommonOptions } from '../../core/request-options.js'
import { type CommonOptionValues, normalizeCommonOptions } from '../../options/common-options.js'
import { addGqlOptions } from '../../options/gql-options.js'
import {
  type DefineOptions,
  declaredOptions,
  optionList,
  type ParsedWords,
  parseWords,
} from '../../options/parse-words.js'
import { addRestOptions } from '../../options/rest-options.js'
import { addSoapCallOptions } from '../../options/soap-options.js'

/** An option of the command line that a REPL line takes another way: what to do instead. */
export interface OtherWay {
  flag: string
  hint: string
}

/**
 * The options of a kind of request line: the CLI command's own declaration,
 * and those of its options the REPL takes another way (by commander's key).
 * Parsing, Tab and `.help` all read this.
 */
export interface LineOptions {
  define: DefineOptions
  otherWays: Readonly<Record<string, OtherWay>>
}

const profileOtherWay: Record<string, OtherWay> = {
  profile: {
    flag: '--profile',
    hint: 'The REPL holds one profile for the session: switch with .profile NAME (.profile lists them).',
  },
}

/** A REST line's options: `apictl rest`'s. */
export const REST_LINE_OPTIONS: LineOptions = { define: addRestOptions, otherWays: profileOtherWay }

/** A `gql` line's options (before the document or after it): `apictl gql`'s. */
export const GQL_LINE_OPTIONS: LineOptions = { define: addGqlOptions, otherWays: profileOtherWay }

/** A `soap` line's options: `apictl soap call`'s. */
export const SOAP_LINE_OPTIONS: LineOptions = {
  define: addSoapCallOptions,
  otherWays: {
    ...profileOtherWay,
    wsdl: {
      flag: '--wsdl/--no-wsdl',
      hint: "Lines use the profile's WSDL: switch with .profile NAME, or give --ns URI (and -e URL) to call without one.",
    },
  },
}

/** The options a line takes: the command line's, less those the REPL takes another way. */
export function lineOptions(options: LineOptions): Option[] {
  return declaredOptions(options.define).filter((option) => !(option.attributeName() in options.otherWays))
}

/**
 * Splits a request line's words into options (`-o table`, `--dry-run`) and
 * the rest, with the CLI's own option declarations (parseWords). An option
 * the REPL takes another way (`--profile` → `.profile NAME`) is a usage
 * error that says which way.
 */
export function parseLine<Values extends CommonOptionValues>(
  words: readonly string[],
  options: LineOptions,
  usage: string,
): ParsedWords<Values> {
  const parsed = parseWords<Values>(
    words,
    options.define,
    (declared) =>
      `${usage}; options: ${optionList(declared.filter((option) => !(option.attributeName() in options.otherWays)))}.`,
  )
  for (const key of parsed.given) {
    const way = options.otherWays[key]
    if (way !== undefined) throw new UsageError(`${way.flag} is not for a REPL line.`, { hint: way.hint })
  }
  return parsed
}

/** The common options of a line, checked and typed as the CLI does; none given: the defaults. */
export function commonOptions(values: Partial<CommonOptionValues> = {}): CommonOptions {
  return normalizeCommonOptions({ retry: 0, ...values })
}
