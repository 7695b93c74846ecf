import { readyTarget } from '../../exchange/open-target.js'
import { requestDefaults } from '../../exchange/request-defaults.js'
import { SoapService } from '../../exchange/soap/soap-service.js'
import type { ReplSession } from '../session.js'
import { commonOptions } from './line-options.js'
import { loadTransport } from './load-limits.js'

/**
 * The session's SOAP service, made once per profile (a `.profile` switch
 * makes another): the session's target, the WSDL read once and kept in
 * memory, from the disk cache `apictl soap` shares. WSDL documents are read
 * with the session's headers and auth as they are at the time, and Tab's
 * shorter limit when Tab asks.
 */
export function sessionSoapService(session: ReplSession): Promise<SoapService> {
  const { connection, ctx } = session
  return connection.once(
    'soap',
    async () =>
      new SoapService({
        target: readyTarget(connection.target),
        cache: 'disk+memory',
        fetchSettings: (use) => {
          const common = session.requestOptions(commonOptions({}))
          const profile = session.profile()
          return {
            ...requestDefaults(common, profile),
            transport: loadTransport(common, profile, { ...ctx, signal: use.signal }, use),
          }
        },
        noWsdlHint:
          'Add a WSDL to the profile (apictl profile add NAME --wsdl URL), or name the namespace: --ns URI.',
        noEndpointHint: 'Give -e URL, or switch to a profile with a soap URL: .profile NAME',
        ctx,
      }),
  )
}
