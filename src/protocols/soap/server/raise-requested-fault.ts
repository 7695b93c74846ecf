import type { FaultKind } from '../soap-version.js'
import { SoapFaultError } from './soap-fault-error.js'

const kinds: Record<string, FaultKind> = {
  client: 'client',
  sender: 'client',
  server: 'server',
  receiver: 'server',
  versionmismatch: 'versionMismatch',
  mustunderstand: 'mustUnderstand',
  dataencodingunknown: 'dataEncodingUnknown',
}

/**
 * RaiseFault: throws the fault a client asked for, named as the request's
 * SOAP version names it (Client in 1.1 is Sender in 1.2, and the other way).
 */
export function raiseRequestedFault(code: string, message: string, endpoint: string): never {
  const kind = Object.hasOwn(kinds, code.trim().toLowerCase()) ? kinds[code.trim().toLowerCase()] : undefined
  if (kind === undefined) {
    throw SoapFaultError.client(
      'INVALID_PARAMETERS',
      `RaiseFault: code ${JSON.stringify(code.slice(0, 40))} is not a fault code`,
      {
        problems: [
          {
            field: 'code',
            message:
              'must be one of Client, Server, Sender, Receiver, VersionMismatch, MustUnderstand, DataEncodingUnknown',
          },
        ],
      },
    )
  }
  const reason = message.trim() === '' ? `a ${code.trim()} fault, as asked` : message
  throw new SoapFaultError(kind, reason, {
    actor: endpoint,
    ...(kind === 'client' || kind === 'server' ? { code: 'RAISED' } : {}),
  })
}
