import { ResponseError } from '../core/errors.js'
import { XmlByteTokenizer } from './xml-byte-tokenizer.js'
import { XmlJsonStream } from './xml-json-stream.js'
import { XmlTokenObjects } from './xml-token-objects.js'
import { XmlSyntaxError } from './xml-tokens.js'

/** An XmlSyntaxError as the ResponseError the user sees. */
export function notWellFormed(error: XmlSyntaxError): ResponseError {
  return new ResponseError(`The XML body is not well-formed: ${error.message}`, {
    hint: 'Use -o raw to see the body as received',
    cause: error,
  })
}

/**
 * A compact JSON view of an XML document for `-o json` (XmlJsonStream says
 * how). A DOCTYPE, nesting deeper than 200 or markup that is not well-formed
 * throws a ResponseError.
 */
export function xmlToJson(text: string): unknown {
  try {
    const converter = new XmlJsonStream()
    const tokens = new XmlByteTokenizer(new XmlTokenObjects((token) => converter.place(token)))
    tokens.push(Buffer.from(text, 'utf8'))
    tokens.end()
    return converter.end()
  } catch (error) {
    if (error instanceof XmlSyntaxError) throw notWellFormed(error)
    throw error
  }
}
