import type { TransportOptions } from '../transport/transport-options.js'
import { mask } from './redact.js'

/** A WS-Security `Password` element's content (any prefix), as the codec writes it. */
const passwordElement = /(<(?:[\w.-]+:)?Password\b[^>]*>)[^<]*(<\/(?:[\w.-]+:)?Password>)/g

/** The envelope with every UsernameToken password replaced by the -v mask. */
export function redactSoapPasswords(body: string): string {
  return body.replace(passwordElement, `$1${mask}$2`)
}

/**
 * The transport's options with -v's request printer seeing the envelope with
 * passwords masked (credentials are redacted in -v, SPEC §3); what is sent is
 * unchanged. Without -v the options are returned as they are.
 */
export function redactingSoapBodies(transport: TransportOptions): TransportOptions {
  const observer = transport.observer
  if (observer?.requestSent === undefined) return transport
  return {
    ...transport,
    observer: {
      ...observer,
      requestSent: (request) =>
        observer.requestSent!({
          ...request,
          body: request.body === undefined ? undefined : redactSoapPasswords(request.body.toString()),
        }),
    },
  }
}
