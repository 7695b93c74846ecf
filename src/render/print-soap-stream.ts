import { type Context, colourEnabled } from '../core/context.js'
import { isApictlError, ResponseError } from '../core/errors.js'
import { redactUrl } from '../core/redact-url.js'
import type { CommonOptions } from '../core/request-options.js'
import { decodeSoapResponse } from '../protocols/soap/client/decode-soap-response.js'
import { readWholeAnswer, type StreamedSoapAnswer } from '../protocols/soap/client/long-answer.js'
import { drained } from './drained.js'
import { formatStatusLine } from './format-status-line.js'
import { JsonStreamError, JsonStreamPrinter } from './json-stream-printer.js'
import { OutputBuffer } from './output-buffer.js'
import {
  printSoapOutcome,
  type SoapOutcomeDescription,
  soapFormat,
  soapValuesFormatter,
} from './print-soap-result.js'
import { bytesForTerminal, safeMessage } from './safe-text.js'
import { SoapValuesStream } from './soap-values-stream.js'
import { Utf8Chunks } from './utf8-chunks.js'
import { XmlByteTokenizer } from './xml-byte-tokenizer.js'
import { XmlStreamPrinter } from './xml-stream-printer.js'
import { XmlSyntaxError } from './xml-tokens.js'

interface EnvelopeReader {
  push(chunk: Buffer): void
  end(): void
}

/**
 * Prints a SOAP result too long to hold as it arrives, as printSoapOutcome
 * prints a whole one: `-o xml` the envelope laid out by the XML byte
 * printer, `-o raw` its bytes, and the values (`-o json`, and the JSON view
 * for the human and table views, which need the whole result) made as the
 * envelope is read. Nothing is written before the first part (the
 * transport's window) has been read: a fault in it is not written yet, and
 * an envelope that breaks there is read whole and shown as a whole answer is
 * (not an envelope, exit 6). Returns the exit code.
 */
export async function printSoapStream(
  answer: StreamedSoapAnswer,
  common: CommonOptions,
  ctx: Context,
  described: SoapOutcomeDescription = {},
): Promise<number> {
  const { response } = answer
  const format = soapFormat(common, ctx)
  const colour = colourEnabled(ctx.stdout, ctx.env, common.colour)
  const errColour = colourEnabled(ctx.stderr, ctx.env, common.colour)
  let held: Buffer[] | undefined = []
  const out = new OutputBuffer((chunk) => (held === undefined ? ctx.stdout.write(chunk) : held.push(chunk)))
  const reader = envelopeReader(format, out, ctx, colour, described)
  const exact = format === 'raw' && !ctx.stdout.isTTY
  const utf8 = new Utf8Chunks()
  try {
    reader.push(exact ? response.body : utf8.next(response.body))
  } catch (error) {
    if (!isEnvelopeFault(error) && !isApictlError(error)) {
      response.drop?.()
      throw error
    }
    // Not what the first part promised: read whole, as a short answer is.
    const whole = decodeSoapResponse(await readWholeAnswer(response, 'POST'))
    printSoapOutcome(whole, common, ctx, await soapValuesFormatter(common, ctx), described)
    return whole.exitCode
  }
  if (ctx.stderr.isTTY && !common.verbose && format !== 'json') {
    ctx.stderr.write(`${formatStatusLine(response, { colour: errColour })}\n`)
  }
  if (format === 'pretty' || format === 'table') {
    ctx.stderr.write(
      `note: the answer is over 1 MiB: its values are shown as JSON as they arrive (-o xml shows the envelope).\n`,
    )
  }
  for (const chunk of held.splice(0)) ctx.stdout.write(chunk)
  held = undefined
  try {
    for await (const chunk of response.more) {
      reader.push(exact ? chunk : utf8.next(chunk))
      await drained(ctx.stdout)
    }
    if (!exact) reader.push(utf8.end())
    reader.end()
  } catch (error) {
    out.flush()
    if (format !== 'raw') ctx.stdout.write('\n')
    if (!isEnvelopeFault(error)) throw error
    throw new ResponseError(`The SOAP answer broke off: ${safeMessage(error.message)}.`, {
      where: `POST ${redactUrl(response.url)}`,
      hint: 'The part before is shown above; -o raw shows the answer as received.',
    })
  }
  out.flush()
  return answer.exitCode
}

function isEnvelopeFault(error: unknown): error is Error {
  return error instanceof XmlSyntaxError || error instanceof JsonStreamError
}

/** What reads the envelope for a format, writing to `out` as it goes. */
function envelopeReader(
  format: string,
  out: OutputBuffer,
  ctx: Context,
  colour: boolean,
  described: SoapOutcomeDescription,
): EnvelopeReader {
  if (format === 'raw') {
    return {
      push: (chunk) => {
        const shown = bytesForTerminal(chunk, ctx.stdout)
        if (typeof shown === 'string') out.writeText(shown)
        else out.write(shown)
      },
      end: () => {},
    }
  }
  if (format === 'xml') {
    const printer = new XmlStreamPrinter(out, colour)
    return {
      push: (chunk) => printer.push(chunk),
      end: () => {
        printer.end()
        out.writeText('\n')
      },
    }
  }
  const printer = new JsonStreamPrinter(out, colour)
  const values = new SoapValuesStream(described.parameters, (json) => printer.push(Buffer.from(json)))
  const tokenizer = new XmlByteTokenizer(values)
  return {
    push: (chunk) => tokenizer.push(chunk),
    end: () => {
      tokenizer.end()
      values.end()
      printer.end()
      out.writeText('\n')
    },
  }
}
