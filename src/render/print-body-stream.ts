import type { Sink } from '../core/context.js'
import { isApictlError } from '../core/errors.js'
import { mediaType } from '../core/exchange.js'
import type { OutputFormat } from '../core/request-options.js'
import type { StreamedBody } from '../protocols/rest/client/decode-rest-response.js'
import { formatBinaryNotice } from './binary.js'
import { drained } from './drained.js'
import { HoldLimitError } from './hold-limit-error.js'
import { JsonStreamLayout } from './json-stream-layout.js'
import { JsonStreamError, JsonStreamPrinter } from './json-stream-printer.js'
import { OutputBuffer } from './output-buffer.js'
import { printLiveStream } from './print-live-stream.js'
import { TableStream } from './print-table-stream.js'
import { bytesForTerminal } from './safe-text.js'
import { Utf8Chunks } from './utf8-chunks.js'
import { XmlByteTokenizer } from './xml-byte-tokenizer.js'
import { XmlJsonStream } from './xml-json-stream.js'
import { XmlStreamPrinter } from './xml-stream-printer.js'
import { XmlTableStream } from './xml-table-stream.js'
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

/**
 * Output is held back until this much of the body has been read: a body that
 * is not what it claims, or ends early, is found in that part as a whole
 * body's would be, and shown as received (with the same warning).
 */
export const HOLD_WINDOW = 1024 * 1024

/** A reader of the body as it arrives: it throws what it finds wrong (a syntax error) and writes as it goes. */
interface BodyReader {
  push(chunk: Buffer): void
  end(): void
}

/** How to read a body: the reader, and what a failure of it says (undefined: not a fault of the body, thrown on). */
interface ReaderKind {
  make(out: OutputBuffer): BodyReader
  problem(error: unknown): string | undefined
}

const isNewline = (chunk: Buffer) => chunk.length > 0 && chunk[chunk.length - 1] === 0x0a

/** Bytes of the body as received, on their way to `sink`: as they are to a pipe or file, escaped on a terminal. */
function writeShown(sink: Sink, chunk: Buffer): void {
  sink.write(bytesForTerminal(chunk, sink))
}

/**
 * A body too long to hold, printed as it arrives, by the rules
 * print-rest-result applies to a whole body. JSON and XML are laid out by
 * readers that keep only what may still change; nothing else of the body is
 * kept.
 */
export async function printBodyStream(
  body: StreamedBody,
  format: OutputFormat,
  contentType: string | undefined,
  view: StreamView,
  sink: Sink,
): Promise<void> {
  if (format === 'raw') return copyBody(body, sink, { newline: false })
  if (body.type === 'event-stream' || body.type === 'json-lines') {
    return printLiveStream({ ...body, type: body.type }, format, view, sink)
  }
  const structured = format === 'json' || format === 'table'
  if (structured && body.type !== 'json' && body.type !== 'xml') {
    view.warn(`-o ${format} needs a JSON or XML body; showing the body as it is.`)
  }
  if (format === 'xml' && body.type !== 'xml')
    view.warn('-o xml applies to XML bodies; showing the body as it is.')
  const type = mediaType(contentType)
  const shownAs = structured ? `; -o ${format} shows it as received.` : '; shown as received.'
  switch (body.type) {
    case 'json': {
      const claim = (message: string) => `The body claims ${type} but is not valid JSON (${message})`
      const kind = format === 'table' ? tableReader(view, claim) : jsonReader(view.colour, claim)
      return readBody(body, sink, view, kind, shownAs)
    }
    case 'xml': {
      if (structured) return readBody(body, sink, view, xmlValueReader(view, format), shownAs)
      const claim = (message: string) => `The body claims ${type} but is not well-formed XML (${message})`
      return readBody(body, sink, view, xmlReader(view.colour, claim), shownAs)
    }
    case 'binary':
      if (!view.tty) return copyBody(body, sink, { newline: false })
      sink.write(`${formatBinaryNotice(await countBytes(body), contentType)}\n`)
      return
    default:
      return copyBody(body, sink, { newline: true })
  }
}

function jsonReader(colour: boolean, claim: (message: string) => string): ReaderKind {
  return {
    make: (out) => new JsonStreamPrinter(out, colour),
    problem: (error) => (error instanceof JsonStreamError ? claim(error.message) : undefined),
  }
}

function tableReader(view: StreamView, claim: (message: string) => string): ReaderKind {
  return {
    make: (out) => {
      const table = new TableStream(view, { isTTY: false, write: (text) => out.writeText(String(text)) })
      return { push: (chunk) => table.push(chunk), end: () => table.end() }
    },
    problem: (error) => (error instanceof JsonStreamError ? claim(error.message) : undefined),
  }
}

function xmlReader(colour: boolean, claim: (message: string) => string): ReaderKind {
  return {
    make: (out) => new XmlStreamPrinter(out, colour),
    problem: (error) => (error instanceof XmlSyntaxError ? claim(error.message) : undefined),
  }
}

/** XML as data: -o json written as it is read; -o table's rows as they end, once the list is found (XmlTableStream). */
function xmlValueReader(view: StreamView, format: 'json' | 'table'): ReaderKind {
  return {
    make: (out) => {
      if (format === 'table') return new XmlTableStream(view, (text) => out.writeText(text))
      const layout = new JsonStreamLayout(out, view.colour)
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
      if (error instanceof XmlSyntaxError) return notWellFormed(error).message
      return isApictlError(error) && !(error instanceof HoldLimitError) ? error.message : undefined
    },
  }
}

/**
 * Lays a body out with a reader. Nothing is written before HOLD_WINDOW bytes
 * of it have been read: a body that is not what it claims, found there, is
 * shown as received with a warning, as a whole body is. A fault found later
 * ends the laid-out part: a warning, and the rest as received.
 */
async function readBody(
  body: StreamedBody,
  sink: Sink,
  view: StreamView,
  kind: ReaderKind,
  shownAs: string,
): Promise<void> {
  const rest = body.rest[Symbol.asyncIterator]()
  try {
    await layOut(body.head, rest, sink, view, kind, shownAs)
  } catch (error) {
    await rest.return?.()
    throw error
  }
}

async function layOut(
  head: Buffer,
  rest: AsyncIterator<Buffer>,
  sink: Sink,
  view: StreamView,
  kind: ReaderKind,
  shownAs: string,
): Promise<void> {
  const heldOutput: Buffer[] = []
  let heldInput: Buffer[] | undefined = []
  let read = 0
  const out = new OutputBuffer((chunk) =>
    heldInput === undefined ? sink.write(chunk) : heldOutput.push(chunk),
  )
  const reader = kind.make(out)
  const utf8 = new Utf8Chunks()
  let last = utf8.next(head)
  let before = 0
  /** Past the window: what the reader wrote goes out, and from now on as it is written. */
  const release = () => {
    heldInput = undefined
    for (const chunk of heldOutput.splice(0)) sink.write(chunk)
  }
  try {
    for (;;) {
      heldInput?.push(last)
      reader.push(last)
      read += last.length
      if (heldInput !== undefined && read >= HOLD_WINDOW) release()
      await drained(sink)
      const next = await rest.next()
      if (next.done) break
      before += last.length
      last = utf8.next(next.value)
    }
    last = utf8.end()
    heldInput?.push(last)
    reader.push(last)
    reader.end()
  } catch (error) {
    const problem = kind.problem(error)
    if (heldInput !== undefined) {
      // Within the window: as a whole body, the body as received and a warning.
      if (problem === undefined) throw error
      view.warn(`${problem}${shownAs}`)
      for (const chunk of heldInput) writeShown(sink, chunk)
      const written = heldInput.filter((chunk) => chunk.length > 0)
      return copyRest(rest, utf8, sink, written.length > 0 && isNewline(written.at(-1)!))
    }
    out.flush()
    sink.write('\n')
    if (problem === undefined) throw error
    view.warn(`${problem}: the part before is laid out above, the rest follows as received.`)
    // From where the reader stopped when it says (JSON does), else from the chunk it stopped in.
    const from = error instanceof JsonStreamError ? Math.max(0, error.offset - before) : 0
    const remainder = last.subarray(Math.min(from, last.length))
    writeShown(sink, remainder)
    return copyRest(rest, utf8, sink, remainder.length === 0 || isNewline(remainder))
  }
  if (heldInput !== undefined) release()
  out.flush()
  sink.write('\n')
}

/** The rest of a body as received (valid UTF-8), ending in a newline. */
async function copyRest(rest: AsyncIterator<Buffer>, utf8: Utf8Chunks, sink: Sink, endsInNewline: boolean) {
  let newline = endsInNewline
  for (let next = await rest.next(); !next.done; next = await rest.next()) {
    const text = utf8.next(next.value)
    if (text.length > 0) newline = isNewline(text)
    writeShown(sink, text)
    await drained(sink)
  }
  const tail = utf8.end()
  if (tail.length > 0) {
    writeShown(sink, tail)
    newline = isNewline(tail)
  }
  if (!newline) sink.write('\n')
}

/** The body as received: bytes exactly (`newline` false), or as text ending in a newline. */
async function copyBody(body: StreamedBody, sink: Sink, options: { newline: boolean }): Promise<void> {
  if (!options.newline) {
    writeShown(sink, body.head)
    for await (const chunk of body.rest) {
      writeShown(sink, chunk)
      await drained(sink)
    }
    return
  }
  const utf8 = new Utf8Chunks()
  const head = utf8.next(body.head)
  writeShown(sink, head)
  await copyRest(body.rest[Symbol.asyncIterator](), utf8, sink, isNewline(head))
}

async function countBytes(body: StreamedBody): Promise<number> {
  let bytes = body.head.length
  for await (const chunk of body.rest) bytes += chunk.length
  return bytes
}
