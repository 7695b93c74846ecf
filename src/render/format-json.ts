import { printJsonTokens } from './json-printer.js'
import { jsonValueTokens } from './json-value-tokens.js'
import { createTheme } from './theme.js'

export interface JsonFormatOptions {
  colour: boolean
  /** Spaces per level; 0 prints one line. Default 2. */
  indent?: number
}

/**
 * A value as indented JSON, keys in the order given, unicode left as is
 * but for control and bidi characters (escaped, see printJsonTokens); with
 * colour off the result equals JSON.stringify(value, null, indent) for
 * anything else (undefined at the top prints `null`). No trailing newline.
 */
export function formatJson(value: unknown, options: JsonFormatOptions): string {
  return printJsonTokens(jsonValueTokens(value), createTheme(options.colour), options.indent ?? 2)
}
