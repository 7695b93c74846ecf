import { ExitCode, exitCodeForStatus } from '../../../core/exit-codes.js'
import { faultKind } from '../fault.js'
import type { SoapOutcome } from './decode-soap-response.js'

/**
 * The exit code of a SOAP answer (SPEC §3), decided here only:
 *
 * - a fault: Client/Sender, VersionMismatch, MustUnderstand (and 1.2's
 *   DataEncodingUnknown, also the sender's doing) → 4; Server/Receiver, or a
 *   code outside the envelope namespace → 5. The HTTP status does not matter
 *   (faults travel as 500).
 * - not an envelope (empty, not XML, XML but no Envelope, or refused as
 *   hostile): HTTP 4xx → 4, 5xx → 5 (the server said what happened, just not
 *   in SOAP); any other status → 6, an answer that cannot be understood.
 * - a result envelope: by HTTP status (2xx → 0, 4xx → 4, 5xx → 5).
 * - HTTP 202/204 with no envelope (a one-way operation): 0.
 */
export function soapExitCode(outcome: SoapOutcome): ExitCode {
  if (outcome.kind === 'fault') {
    const kind = faultKind(outcome.fault, outcome.version)
    return kind === undefined || kind === 'server' ? ExitCode.ServerFailed : ExitCode.Rejected
  }
  if (outcome.kind === 'accepted') return ExitCode.Ok
  if (outcome.kind === 'not-envelope') {
    return outcome.status >= 400 && outcome.status < 600
      ? exitCodeForStatus(outcome.status)
      : ExitCode.BadResponse
  }
  return exitCodeForStatus(outcome.status)
}
