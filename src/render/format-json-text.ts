import type { JsonFormatOptions } from './format-json.js'
import { JsonStreamPrinter } from './json-stream-printer.js'
import { OutputBuffer } from './output-buffer.js'

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
  const chunks: Buffer[] = []
  const out = new OutputBuffer((chunk) => chunks.push(chunk))
  const printer = new JsonStreamPrinter(out, options.colour, options.indent ?? 2)
  printer.push(Buffer.from(source, 'utf8'))
  printer.end()
  out.flush()
  return { text: Buffer.concat(chunks).toString('utf8'), parsed: true }
}
