import { ResponseError, UsageError } from '../../../core/errors.js'
import { type FetchDocument, loadWsdl } from '../wsdl/load-wsdl.js'
import { WsdlReadError } from '../wsdl/read-wsdl.js'
import { describeService } from './describe-service.js'
import type { ServiceDescription } from './service-description.js'

/**
 * Reads a WSDL and everything it imports, and digests it. Unusable documents
 * are exit 6 (a URL) or 2 (a file). Loaded on a cache miss only: a cached
 * run never loads the WSDL reader.
 */
export async function readService(
  location: string,
  fetchDocument: FetchDocument,
): Promise<ServiceDescription> {
  try {
    return describeService(await loadWsdl(location, fetchDocument))
  } catch (error) {
    if (!(error instanceof WsdlReadError)) throw error
    const details = {
      where: location,
      hint: error.hint ?? "Check that --wsdl (or the profile's wsdl) points at a WSDL 1.1 document.",
    }
    const message = `The WSDL cannot be used: ${error.message}.`
    throw /^https?:/i.test(location) ? new ResponseError(message, details) : new UsageError(message, details)
  }
}
