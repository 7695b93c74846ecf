import { OutputBuffer } from './output-buffer.js'
import { XmlStreamPrinter } from './xml-stream-printer.js'
import { XmlSyntaxError } from './xml-tokens.js'

/**
 * An XML body indented by two spaces and coloured. Comments, CDATA,
 * instructions, the declaration and a DOCTYPE are kept (never expanded or
 * followed). Input that is not well-formed, or nested deeper than 200
 * elements, comes back unchanged. No trailing newline.
 */
export function formatXml(text: string, options: { colour: boolean }): string {
  return formatXmlText(text, options).text
}

/** formatXml, saying why when the input came back unchanged (for the caller's warning). */
export function formatXmlText(text: string, options: { colour: boolean }): { text: string; error?: string } {
  const chunks: Buffer[] = []
  const out = new OutputBuffer((chunk) => chunks.push(chunk))
  try {
    const printer = new XmlStreamPrinter(out, options.colour)
    printer.push(Buffer.from(text, 'utf8'))
    printer.end()
  } catch (error) {
    if (error instanceof XmlSyntaxError) return { text, error: error.message }
    throw error
  }
  out.flush()
  return { text: Buffer.concat(chunks).toString('utf8') }
}
