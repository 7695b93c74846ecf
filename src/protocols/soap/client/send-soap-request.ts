import type { HttpRequest } from '../../../core/exchange.js'
import { send } from '../../../transport/send.js'
import type { TransportOptions } from '../../../transport/transport-options.js'
import { decodeSoapResponse, type SoapOutcome } from './decode-soap-response.js'

/** Sends a built SOAP request through the one transport and decodes the answer (result, fault or not an envelope). */
export async function sendSoapRequest(
  request: HttpRequest,
  transport: TransportOptions,
): Promise<SoapOutcome> {
  return decodeSoapResponse(await send(request, transport))
}
