import { isApictlError, NetworkError, UsageError } from '../../../core/errors.js'
import { ExitCode } from '../../../core/exit-codes.js'

/**
 * Where a SOAP endpoint's own WSDL usually is: `<endpoint>?wsdl` (as
 * `apictl serve`, node-soap, JAX-WS and .NET serve it); `&wsdl` when the
 * endpoint already has a query. Undefined for an endpoint that is not http(s).
 */
export function wsdlUrlFor(endpoint: string): string | undefined {
  if (!/^https?:\/\//i.test(endpoint)) return undefined
  const hash = endpoint.indexOf('#')
  const base = hash === -1 ? endpoint : endpoint.slice(0, hash)
  return `${base}${base.includes('?') ? '&' : '?'}wsdl`
}

/**
 * The error when no WSDL was configured and `<endpoint>?wsdl` gave none:
 * it says which URL was tried and why it failed. A network failure stays
 * one (exit 3: the endpoint itself is unreachable); anything else is exit 2
 * (nothing was sent: the call needs a WSDL or a namespace). `hint` says how
 * to give either, in the caller's terms (CLI flags or library options).
 */
export function discoveryError(location: string, error: unknown, hint: string): unknown {
  if (!isApictlError(error)) return error
  const message = `No WSDL was given, and none came from ${location}: ${error.message.replace(/\.$/, '')}.`
  const details = { where: location, hint, cause: error }
  return error.exitCode === ExitCode.Network
    ? new NetworkError(message, details)
    : new UsageError(message, details)
}
