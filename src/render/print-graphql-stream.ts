import { type Context, colourEnabled } from '../core/context.js'
import { ResponseError } from '../core/errors.js'
import { redactUrl } from '../core/redact-url.js'
import type { CommonOptions } from '../core/request-options.js'
import {
  graphQLExitCode,
  notGraphQL,
  type StreamedGraphQLAnswer,
} from '../protocols/graphql/client/decode-graphql-response.js'
import {
  GraphQLAnswerError,
  GraphQLAnswerReader,
  type GraphQLAnswerTail,
} from '../protocols/graphql/client/graphql-answer-reader.js'
import { drained } from './drained.js'
import { formatGraphQLErrors } from './format-graphql-errors.js'
import { formatJson } from './format-json.js'
import { formatStatusLine } from './format-status-line.js'
import { JsonStreamError, JsonStreamPrinter } from './json-stream-printer.js'
import { OutputBuffer } from './output-buffer.js'
import { outputWidth } from './output-width.js'
import { TableStream } from './print-table-stream.js'
import { bytesForTerminal, safeMessage } from './safe-text.js'
import { Utf8Chunks } from './utf8-chunks.js'
import { writeWarning } from './write-warning.js'

/** What reads the answer's bytes for one output format, writing to `out` as it goes. */
interface AnswerPrinter {
  push(chunk: Buffer): void
  /** The answer ended: what it held besides `data`, its laid-out part finished. */
  end(): GraphQLAnswerTail
}

/**
 * Prints a GraphQL answer too long to hold as it arrives, as
 * printGraphQLResult prints a whole one: `data` laid out by the JSON byte
 * printer (-o table: rows as they come), `-o json` the whole response object
 * laid out, `-o raw` its bytes; `errors` (held: they are short) on stderr
 * once the answer has ended, wherever they were in it. Nothing is written
 * before the first part (sendStreamed's window) has been read: an answer
 * that is not a GraphQL response is found there and is the same error as a
 * whole one. Returns the exit code (SPEC §3: errors → 4, a 5xx → 5).
 */
export async function printGraphQLStream(
  answer: StreamedGraphQLAnswer,
  common: CommonOptions,
  ctx: Context,
  source?: { text: string; name: string },
): Promise<number> {
  const { response } = answer
  const errColour = colourEnabled(ctx.stderr, ctx.env, common.colour)
  const colour = colourEnabled(ctx.stdout, ctx.env, common.colour)
  const format = common.output ?? 'pretty'
  let held: Buffer[] | undefined = []
  const out = new OutputBuffer((chunk) => (held === undefined ? ctx.stdout.write(chunk) : held.push(chunk)))
  const printer = answerPrinter(format, out, ctx, colour)
  const rest = response.more[Symbol.asyncIterator]()
  // The bytes as received (-o raw to a pipe), else as valid UTF-8 (as a whole answer is decoded).
  const exact = format === 'raw' && !ctx.stdout.isTTY
  try {
    const utf8 = new Utf8Chunks()
    try {
      printer.push(exact ? response.body : utf8.next(response.body))
    } catch (error) {
      response.drop?.()
      if (!isAnswerFault(error)) throw error
      throw notGraphQL(response, answer.method, response.body.toString('utf8'))
    }
    if (answer.status >= 400 && !common.verbose) {
      ctx.stderr.write(`${formatStatusLine(response, { colour: errColour })}\n`)
    }
    if (format === 'xml') writeWarning(ctx.stderr, '-o xml applies to XML bodies; showing the data as JSON.')
    for (const chunk of held.splice(0)) ctx.stdout.write(chunk)
    held = undefined
    let tail: GraphQLAnswerTail
    try {
      for (let next = await rest.next(); !next.done; next = await rest.next()) {
        printer.push(exact ? next.value : utf8.next(next.value))
        await drained(ctx.stdout)
      }
      if (!exact) printer.push(utf8.end())
      tail = printer.end()
    } catch (error) {
      out.flush()
      if (format !== 'raw') ctx.stdout.write('\n')
      if (!isAnswerFault(error)) throw error
      throw new ResponseError(`The GraphQL answer broke off: ${safeMessage(error.message)}.`, {
        where: `${answer.method} ${redactUrl(response.url)}`,
        hint: 'The part before is shown above; -o raw shows the answer as received.',
      })
    }
    out.flush()
    if (tail.errors.length > 0) {
      ctx.stderr.write(`${formatGraphQLErrors(tail.errors, { colour: errColour, source })}\n`)
    }
    return graphQLExitCode(answer.status, tail.errors.length > 0)
  } finally {
    await rest.return?.()
  }
}

/** A reader of `data`'s bytes whose faults say where they are: a byte of `data`, not of the answer. */
function inData(push: (bytes: Uint8Array) => void): (bytes: Uint8Array) => void {
  return (bytes) => {
    try {
      push(bytes)
    } catch (error) {
      if (!(error instanceof JsonStreamError)) throw error
      throw new JsonStreamError(`${error.message} of data`, error.offset)
    }
  }
}

function isAnswerFault(error: unknown): error is Error {
  return error instanceof GraphQLAnswerError || error instanceof JsonStreamError
}

/** The reader for a format: stdout gets `data` (pretty, table), the whole object (json) or the bytes (raw). */
function answerPrinter(format: string, out: OutputBuffer, ctx: Context, colour: boolean): AnswerPrinter {
  if (format === 'json') {
    const whole = new JsonStreamPrinter(out, colour)
    const reader = new GraphQLAnswerReader()
    return {
      push: (chunk) => {
        reader.push(chunk)
        whole.push(chunk)
      },
      end: () => {
        const tail = reader.end()
        whole.end()
        out.writeText('\n')
        return tail
      },
    }
  }
  if (format === 'raw') {
    const reader = new GraphQLAnswerReader()
    return {
      push: (chunk) => {
        reader.push(chunk)
        const shown = bytesForTerminal(chunk, ctx.stdout)
        if (typeof shown === 'string') out.writeText(shown)
        else out.write(shown)
      },
      end: () => reader.end(),
    }
  }
  if (format === 'table') return tablePrinter(out, ctx, colour)
  const data = new JsonStreamPrinter(out, colour)
  const reader = new GraphQLAnswerReader(inData((bytes) => data.push(bytes)))
  return {
    push: (chunk) => reader.push(chunk),
    end: () => {
      const tail = reader.end()
      if (tail.dataIsNull) {
        if (tail.errors.length === 0) out.writeText(`${formatJson(null, { colour })}\n`)
      } else if (tail.hasData) {
        data.end()
        out.writeText('\n')
      }
      return tail
    },
  }
}

/** -o table: `data`'s list (a root field's) as rows while they arrive, as a REST body's table. */
function tablePrinter(out: OutputBuffer, ctx: Context, colour: boolean): AnswerPrinter {
  const view = {
    colour,
    columns: outputWidth(ctx.stdout, ctx.env),
    note: (message: string) => ctx.stderr.write(`note: ${safeMessage(message)}\n`),
  }
  const table = new TableStream(view, { isTTY: false, write: (text) => out.writeText(String(text)) })
  const reader = new GraphQLAnswerReader(inData((bytes) => table.push(bytes)))
  return {
    push: (chunk) => reader.push(chunk),
    end: () => {
      const tail = reader.end()
      if (tail.hasData && !tail.dataIsNull) {
        table.end()
        out.writeText('\n')
      } else if (tail.dataIsNull && tail.errors.length === 0)
        out.writeText(`${formatJson(null, { colour })}\n`)
      return tail
    },
  }
}
