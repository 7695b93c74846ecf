import { JsonStreamLayout } from './json-stream-layout.js'
import type { JsonToken } from './json-token.js'
import { OutputBuffer } from './output-buffer.js'
import { escapeControl } from './safe-text.js'

/** Feeds tokens (of a value, say) to a layout that may be in the middle of a larger document. */
export function layoutJsonTokens(layout: JsonStreamLayout, tokens: Iterable<JsonToken>): void {
  for (const token of tokens) {
    switch (token.kind) {
      case 'open':
        layout.open(token.char.charCodeAt(0))
        break
      case 'close':
        layout.close(token.char.charCodeAt(0))
        break
      case 'key':
        layout.beginKey()
        layout.out.writeText(escapeControl(token.text, { newlines: false }))
        layout.endKey()
        break
      default:
        layout.beginScalar(token.type)
        layout.out.writeText(
          token.type === 'string' ? escapeControl(token.text, { newlines: false }) : token.text,
        )
        layout.endScalar()
    }
  }
}

/**
 * Lays a token stream out like JSON.stringify(value, null, indent), coloured
 * or not, handing the text on in blocks as it is made (so a large value is
 * never one string, nor a coloured copy of one). Control and bidi characters
 * inside strings (which JSON allows raw from U+007F up) are written as `\u`
 * escapes: the same JSON value, and nothing a terminal would obey.
 */
export function writeJsonTokens(
  tokens: Iterable<JsonToken>,
  options: { colour: boolean; indent: number },
  emit: (chunk: Buffer) => void,
): void {
  const out = new OutputBuffer(emit)
  const layout = new JsonStreamLayout(out, options.colour, options.indent)
  layoutJsonTokens(layout, tokens)
  layout.finish()
  out.flush()
}

/** writeJsonTokens into one string. */
export function printJsonTokens(
  tokens: Iterable<JsonToken>,
  options: { colour: boolean; indent: number },
): string {
  const chunks: Buffer[] = []
  writeJsonTokens(tokens, options, (chunk) => chunks.push(chunk))
  return Buffer.concat(chunks).toString('utf8')
}
