import type { Located, RequestBlock } from './http-file.js'
import { RunFileError } from './run-file-error.js'
import type { Line } from './source-line.js'
import { splitWords } from './split-words.js'

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'CONNECT']
/** Request kinds the JetBrains client or httpYac know that apictl does not send. */
const UNSUPPORTED_METHODS = ['WEBSOCKET', 'WS', 'GRPC', 'SSE', 'EVENTSOURCE', 'MQTT', 'AMQP', 'RPC']
const VERSION = /^HTTP\/\d(?:\.\d)?$/i

/** `METHOD URL [HTTP/1.1]` (method optional), `GRAPHQL [URL]`, `SOAP Operation [URL]`, with HTTPie items after a URL. */
export function parseRequestLine(
  line: Line,
  path: string,
): Pick<RequestBlock, 'method' | 'url' | 'operation' | 'items'> {
  const words = splitWords(line.text)
  const at = (column: number) => ({ file: path, line: line.number, column })
  const first = words[0]!
  const upper = first.text.toUpperCase()
  if (UNSUPPORTED_METHODS.includes(upper)) {
    throw new RunFileError(
      `${upper} requests are not something apictl run sends (HTTP, GraphQL and SOAP only).`,
      at(first.column),
    )
  }
  const located = (index: number): Located | undefined => {
    const word = words[index]
    return word && { text: word.text, line: line.number, column: word.column }
  }
  if (upper === 'SOAP') {
    const operation = located(1)
    if (operation === undefined) {
      throw new RunFileError(
        'SOAP needs an operation: SOAP GetItem [URL]',
        at(first.column),
        'Then one param=value per line.',
      )
    }
    if (words.length > 3)
      throw new RunFileError('SOAP takes an operation and an optional URL only.', at(words[3]!.column))
    return { method: 'SOAP', operation, url: located(2), items: [] }
  }
  if (upper === 'GRAPHQL') {
    if (words.length > 2 && !VERSION.test(words[2]!.text)) {
      throw new RunFileError(
        'GRAPHQL takes an optional URL only; the query is the body.',
        at(words[2]!.column),
      )
    }
    return { method: 'GRAPHQL', url: located(1), items: [] }
  }
  const hasMethod = HTTP_METHODS.includes(upper) && words.length > 1
  const urlIndex = hasMethod ? 1 : 0
  const rest = words.slice(urlIndex + 1)
  if (rest.length > 0 && VERSION.test(rest.at(-1)!.text)) rest.pop()
  return {
    method: hasMethod ? upper : undefined,
    url: located(urlIndex),
    items: rest.map((word) => ({ text: word.text, line: line.number, column: word.column })),
  }
}
