import type { HttpRequest } from '../../../core/exchange.js'
import { send } from '../../../transport/send.js'
import type { TransportOptions } from '../../../transport/transport-options.js'
import { MAX_XML_BYTES } from '../xml/xml-limits.js'
import { decodeSoapResponse, type SoapOutcome } from './decode-soap-response.js'

/**
 * Sends a built SOAP request through the one transport and decodes the
 * answer (result, fault or not an envelope). The time limit covers reading
 * the envelope too.
 */
export async function sendSoapRequest(
  request: HttpRequest,
  transport: TransportOptions,
): Promise<SoapOutcome> {
  const deadline = Date.now() + transport.timeoutMs
  const capped = (transport.maxSize ?? Number.POSITIVE_INFINITY) > MAX_XML_BYTES
  const response = await send(
    request,
    capped
      ? { ...transport, maxSize: MAX_XML_BYTES, maxSizeLabel: 'the most apictl reads of a SOAP answer' }
      : transport,
  )
  return decodeSoapResponse(response, { deadline })
}
