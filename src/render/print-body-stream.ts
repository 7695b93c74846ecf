import type { Sink } from '../core/context.js'
import { mediaType } from '../core/exchange.js'
import type { OutputFormat } from '../core/request-options.js'
import type { StreamedBody } from '../protocols/rest/client/decode-rest-response.js'
import { formatBinaryNotice } from './binary.js'
import { JsonStreamLayout } from './json-stream-layout.js'
import { JsonStreamError, JsonStreamPrinter } from './json-stream-printer.js'
import { OutputBuffer } from './output-buffer.js'
import { TableStream } from './print-table-stream.js'
import { Utf8Chunks } from './utf8-chunks.js'
import { XmlByteTokenizer } from './xml-byte-tokenizer.js'
import { XmlJsonStream } from './xml-json-stream.js'
import { XmlStreamPrinter } from './xml-stream-printer.js'
import { notWellFormed } from './xml-to-json.js'
import { XmlTokenObjects } from './xml-token-objects.js'
import { XmlSyntaxError } from './xml-tokens.js'

export interface StreamView {
  colour: boolean
  columns: number
  tty: boolean
  warn(message: string): void
  note(message: string): void
}

/** A reader of the body as it arrives: it throws what it finds wrong (a syntax error) and writes as it goes. */
interface BodyReader {
  push(chunk: Buffer): void
  end(): void
}

/** How a reader's failure is worded, and whether it is one (else it is thrown on). */
interface ReaderKind {
  make(out: OutputBuffer): BodyReader
  problem(error: unknown): string | undefined
}

const isNewline = (chunk: Buffer) => chunk.length > 0 && chunk[chunk.length - 1] === 0x0a

/**
 * A body too long to hold, printed as it arrives (print-rest-result has the
 * rules per format; this is the same for a body that streams). JSON and XML
 * are laid out by readers that keep only what may still change; nothing
 * else of the body is kept.
 */
export async function printBodyStream(
  body: StreamedBody,
  format: OutputFormat,
  contentType: string | undefined,
  view: StreamView,
  sink: Sink,
): Promise<void> {
  if (format === 'raw') return copyBody(body, sink, { newline: false })
  const structured = format === 'json' || format === 'table'
  if (structured && body.type !== 'json' && body.type !== 'xml') {
    view.warn(`-o ${format} needs a JSON or XML body; showing the body as it is.`)
  }
  if (format === 'xml' && body.type !== 'xml')
    view.warn('-o xml applies to XML bodies; showing the body as it is.')
  const type = mediaType(contentType)
  switch (body.type) {
    case 'json':
      return readBody(body, sink, view, format === 'table' ? tableReader(view) : jsonReader(view.colour), {
        claim: `The body claims ${type} but is not valid JSON`,
        format,
      })
    case 'xml':
      return readBody(body, sink, view, structured ? xmlJsonReader(view.colour) : xmlReader(view.colour), {
        claim: structured
          ? 'The XML body is not well-formed'
          : `The body claims ${type} but is not well-formed XML`,
        format,
      })
    case 'binary':
      if (!view.tty) return copyBody(body, sink, { newline: false })
      sink.write(`${formatBinaryNotice(await countBytes(body), contentType)}\n`)
      return
    default:
      return copyBody(body, sink, { newline: true })
  }
}

function jsonReader(colour: boolean): ReaderKind {
  return {
    make: (out) => new JsonStreamPrinter(out, colour),
    problem: (error) => (error instanceof JsonStreamError ? error.message : undefined),
  }
}

function tableReader(view: StreamView): ReaderKind {
  return {
    make: (out) => {
      const table = new TableStream(view, { isTTY: false, write: (text) => out.writeText(String(text)) })
      return { push: (chunk) => table.reader.push(chunk), end: () => table.end() }
    },
    problem: (error) => (error instanceof JsonStreamError ? error.message : undefined),
  }
}

function xmlReader(colour: boolean): ReaderKind {
  return {
    make: (out) => new XmlStreamPrinter(out, colour),
    problem: (error) => (error instanceof XmlSyntaxError ? error.message : undefined),
  }
}

function xmlJsonReader(colour: boolean): ReaderKind {
  return {
    make: (out) => {
      const layout = new JsonStreamLayout(out, colour)
      const converter = new XmlJsonStream(layout)
      const tokenizer = new XmlByteTokenizer(new XmlTokenObjects((token) => converter.place(token)))
      return {
        push: (chunk) => tokenizer.push(chunk),
        end: () => {
          tokenizer.end()
          converter.end()
          layout.finish()
        },
      }
    },
    problem: (error) => {
      if (error instanceof XmlSyntaxError)
        return notWellFormed(error).message.replace(/^The XML body is not well-formed: /, '')
      return undefined
    },
  }
}

/**
 * Lays a body out with a reader. Its beginning is read before anything is
 * written: a body that is not what it claims is found there, as a whole
 * body's would be, and shown as received with a warning. A fault found
 * later ends the laid-out part: a warning, and the rest as received.
 */
async function readBody(
  body: StreamedBody,
  sink: Sink,
  view: StreamView,
  kind: ReaderKind,
  words: { claim: string; format: OutputFormat },
): Promise<void> {
  const rest = body.rest[Symbol.asyncIterator]()
  try {
    await layOut(body.head, rest, sink, view, kind, words)
  } catch (error) {
    await rest.return?.()
    throw error
  }
}

async function layOut(
  start: Buffer,
  rest: AsyncIterator<Buffer>,
  sink: Sink,
  view: StreamView,
  kind: ReaderKind,
  words: { claim: string; format: OutputFormat },
): Promise<void> {
  const held: Buffer[] = []
  let holding = true
  const out = new OutputBuffer((chunk) => (holding ? held.push(chunk) : sink.write(chunk)))
  const reader = kind.make(out)
  const utf8 = new Utf8Chunks()
  const structured = words.format === 'json' || words.format === 'table'
  const head = utf8.next(start)
  try {
    reader.push(head)
  } catch (error) {
    const problem = kind.problem(error)
    if (problem === undefined) throw error
    view.warn(
      `${words.claim} (${problem}); ${structured ? `-o ${words.format} shows it` : 'shown'} as received.`,
    )
    sink.write(head)
    return copyRest(rest, utf8, sink, isNewline(head))
  }
  holding = false
  for (const chunk of held.splice(0)) sink.write(chunk)
  let last: Buffer = head
  let before = 0
  try {
    for (let next = await rest.next(); !next.done; next = await rest.next()) {
      before += last.length
      last = utf8.next(next.value)
      reader.push(last)
    }
    reader.push(utf8.end())
    reader.end()
  } catch (error) {
    const problem = kind.problem(error)
    out.flush()
    sink.write('\n')
    if (problem === undefined) throw error
    view.warn(`${words.claim} (${problem}): the part before is laid out above, the rest follows as received.`)
    // From where the reader stopped, when it says (JSON does), else from the chunk it stopped in.
    const from = error instanceof JsonStreamError ? Math.max(0, error.offset - before) : 0
    const remainder = last.subarray(Math.min(from, last.length))
    sink.write(remainder)
    return copyRest(rest, utf8, sink, remainder.length === 0 || isNewline(remainder))
  }
  out.flush()
  sink.write('\n')
}

/** The rest of a body as received (valid UTF-8), ending in a newline. */
async function copyRest(rest: AsyncIterator<Buffer>, utf8: Utf8Chunks, sink: Sink, endsInNewline: boolean) {
  let newline = endsInNewline
  for (let next = await rest.next(); !next.done; next = await rest.next()) {
    const text = utf8.next(next.value)
    if (text.length > 0) newline = isNewline(text)
    sink.write(text)
  }
  const tail = utf8.end()
  if (tail.length > 0) {
    sink.write(tail)
    newline = isNewline(tail)
  }
  if (!newline) sink.write('\n')
}

/** The body as received: bytes exactly (`newline` false), or as text ending in a newline. */
async function copyBody(body: StreamedBody, sink: Sink, options: { newline: boolean }): Promise<void> {
  if (!options.newline) {
    sink.write(body.head)
    for await (const chunk of body.rest) sink.write(chunk)
    return
  }
  const utf8 = new Utf8Chunks()
  const head = utf8.next(body.head)
  sink.write(head)
  await copyRest(body.rest[Symbol.asyncIterator](), utf8, sink, isNewline(head))
}

async function countBytes(body: StreamedBody): Promise<number> {
  let bytes = body.head.length
  for await (const chunk of body.rest) bytes += chunk.length
  return bytes
}
