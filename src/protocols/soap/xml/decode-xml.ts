import { isAscii } from 'node:buffer'
import { XmlReadError } from './xml-read-error.js'

const utf8 = new TextDecoder('utf-8', { fatal: true })
const declaredEncoding = /^<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._-]{1,40})["']/

function decoderFor(label: string): TextDecoder {
  const normalised = label.trim().toLowerCase()
  if (normalised === 'utf-8' || normalised === 'utf8') return utf8
  try {
    return new TextDecoder(normalised, { fatal: true })
  } catch {
    throw new XmlReadError(
      'encoding',
      `the character encoding ${JSON.stringify(label.slice(0, 40))} is not supported`,
    )
  }
}

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1')
}

/**
 * The text of an XML document from its bytes: a byte order mark wins, then
 * the charset the Content-Type gave, then the XML declaration's encoding,
 * else UTF-8. Bytes that are invalid in that encoding are refused (`syntax`).
 */
export function decodeXml(bytes: Uint8Array, charset?: string): string {
  let label = charset
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) label = 'utf-8'
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) label = 'utf-16le'
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) label = 'utf-16be'
  else if (label === undefined && bytes[0] === 0x3c && bytes[1] === 0x3f) {
    const head = latin1(bytes.subarray(0, 200))
    label = declaredEncoding.exec(head)?.[1]
  }
  const decoder = decoderFor(label ?? 'utf-8')
  // ASCII is the same text in UTF-8 and Latin-1, and Latin-1 is a plain copy.
  if (decoder === utf8 && isAscii(bytes)) return latin1(bytes)
  try {
    return decoder.decode(bytes)
  } catch {
    throw new XmlReadError('syntax', `the body is not valid ${decoder.encoding.toUpperCase()} text`)
  }
}
