import type { JsonFormatOptions } from './format-json.js'
import { printJsonTokens } from './json-printer.js'
import { jsonTextTokens } from './json-text-tokens.js'
import { createTheme } from './theme.js'

export interface FormattedJsonText {
  text: string
  /** False when the text is not JSON: `text` is then the input unchanged. */
  parsed: boolean
  /** Why parsing failed, for the caller's warning. */
  error?: string
}

/** Pretty-prints a JSON body, keeping number spellings and duplicate keys as sent. */
export function formatJsonText(text: string, options: JsonFormatOptions): FormattedJsonText {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text
  try {
    JSON.parse(source)
  } catch (error) {
    return { text, parsed: false, error: error instanceof Error ? error.message : String(error) }
  }
  return {
    text: printJsonTokens(jsonTextTokens(source), createTheme(options.colour), options.indent ?? 2),
    parsed: true,
  }
}
