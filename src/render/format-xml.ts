import { createTheme } from './theme.js'
import { XmlStreamLayout } from './xml-stream-layout.js'
import { XmlTokenStream } from './xml-token-stream.js'
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
  const parts: string[] = []
  const layout = new XmlStreamLayout(createTheme(options.colour), (part) => parts.push(part))
  try {
    const tokens = new XmlTokenStream((token) => layout.place(token))
    tokens.push(text)
    tokens.end()
    layout.end()
  } catch (error) {
    if (error instanceof XmlSyntaxError) return { text, error: error.message }
    throw error
  }
  return { text: parts.join('') }
}
