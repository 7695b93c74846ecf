import type { HttpRequest, HttpResponse } from '../../../core/exchange.js'
import { send } from '../../../transport/send.js'
import { sendStreamed } from '../../../transport/send-streamed.js'
import type { TransportOptions } from '../../../transport/transport-options.js'
import { MAX_XML_BYTES } from '../xml/xml-limits.js'
import { decodeSoapResponse, type SoapOutcome } from './decode-soap-response.js'
import {
  longResultHead,
  readWholeAnswer,
  type StreamedSoapAnswer,
  streamedSoapAnswer,
} from './long-answer.js'

/**
 * Sends a built SOAP request through the one transport and decodes the
 * answer (result, fault or not an envelope). The time limit covers reading
 * the envelope too.
 *
 * With `streamAbove`, a result envelope longer than that many bytes is not
 * read whole (nor capped at MAX_XML_BYTES: --max-size bounds it as it
 * arrives) but handed over as it arrives, for a printer that reads it so; a
 * long answer that is not surely a result (a fault, not an envelope) is
 * still read whole, within MAX_XML_BYTES, and decoded.
 */
export async function sendSoapRequest(request: HttpRequest, transport: TransportOptions): Promise<SoapOutcome>
export async function sendSoapRequest(
  request: HttpRequest,
  transport: TransportOptions,
  streamAbove: number,
): Promise<SoapOutcome | StreamedSoapAnswer>
export async function sendSoapRequest(
  request: HttpRequest,
  transport: TransportOptions,
  streamAbove?: number,
): Promise<SoapOutcome | StreamedSoapAnswer> {
  const deadline = Date.now() + transport.timeoutMs
  let response: HttpResponse
  if (streamAbove === undefined) {
    const capped = (transport.maxSize ?? Number.POSITIVE_INFINITY) > MAX_XML_BYTES
    response = await send(
      request,
      capped
        ? { ...transport, maxSize: MAX_XML_BYTES, maxSizeLabel: 'the most apictl reads of a SOAP answer' }
        : transport,
    )
  } else {
    response = await sendStreamed(request, transport, { window: streamAbove })
    const { more } = response
    if (more !== undefined) {
      const long = { ...response, more }
      const head = longResultHead(response)
      if (head !== undefined) return streamedSoapAnswer(long, head)
      response = await readWholeAnswer(long, request.method)
    }
  }
  return decodeSoapResponse(response, { deadline })
}
