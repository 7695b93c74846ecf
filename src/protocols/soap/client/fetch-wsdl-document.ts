import { constants } from 'node:fs'
import { type FileHandle, open } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { ApictlError, NetworkError, ResponseError, UsageError } from '../../../core/errors.js'
import type { HeaderList, Headers, HttpRequest, OAuth2Settings } from '../../../core/exchange.js'
import { headerValue, withHeader, withoutHeader } from '../../../core/exchange.js'
import { ExitCode, exitCodeForStatus } from '../../../core/exit-codes.js'
import { fileProblem } from '../../../core/file-problem.js'
import { formatSize } from '../../../core/size.js'
import { VERSION } from '../../../core/version.js'
import { send } from '../../../transport/send.js'
import type { TransportOptions } from '../../../transport/transport-options.js'
import { parseContentType } from '../content-type.js'
import type { FetchDocument } from '../wsdl/load-wsdl.js'
import { decodeXml } from '../xml/decode-xml.js'
import { MAX_XML_BYTES } from '../xml/xml-limits.js'
import { XmlReadError } from '../xml/xml-read-error.js'

export interface WsdlFetchSettings {
  /** Profile headers, auth and -H (a WSDL may sit behind the same auth as the service). */
  headers?: HeaderList | undefined
  unsetHeaders?: string[] | undefined
  oauth2?: OAuth2Settings | undefined
  transport: TransportOptions
}

export function isUrl(location: string): boolean {
  return /^[a-z][a-z0-9+.-]+:\/\//i.test(location)
}

function decode(bytes: Uint8Array, charset: string | undefined, location: string): string {
  try {
    return decodeXml(bytes, charset)
  } catch (error) {
    if (error instanceof XmlReadError)
      throw new ResponseError(`The WSDL at ${location} is unreadable: ${error.message}.`)
    throw error
  }
}

async function fetchOverHttp(
  location: string,
  settings: WsdlFetchSettings,
  deadline: number,
): Promise<string> {
  let headers: Headers = {
    'User-Agent': `apictl/${VERSION}`,
    Accept: 'text/xml, application/xml, */*',
  }
  for (const [name, value] of settings.headers ?? []) headers = withHeader(headers, name, value)
  for (const name of settings.unsetHeaders ?? []) headers = withoutHeader(headers, name)
  const request: HttpRequest = { method: 'GET', url: location, headers }
  if (settings.oauth2) request.oauth2 = settings.oauth2
  const transport = settings.transport
  const capped = (transport.maxSize ?? Number.POSITIVE_INFINITY) > MAX_XML_BYTES
  const response = await send(request, {
    ...transport,
    deadline,
    followRedirects: true,
    ...(capped
      ? { maxSize: MAX_XML_BYTES, maxSizeLabel: 'the most apictl reads of a WSDL or schema document' }
      : {}),
  })
  if (response.status >= 300) {
    throw new ApictlError(
      `Fetching the WSDL answered HTTP ${[response.status, response.statusText].filter(Boolean).join(' ')}.`,
      response.status >= 400 ? exitCodeForStatus(response.status) : ExitCode.BadResponse,
      {
        where: `GET ${location}`,
        hint: "Check the WSDL URL (--wsdl, or the profile's wsdl); -v shows the exchange.",
      },
    )
  }
  const charset = parseContentType(headerValue(response.headers, 'content-type')).parameters.get('charset')
  return decode(response.body, charset, location)
}

/**
 * A local WSDL or schema: a regular file (not a device such as /dev/zero, a
 * FIFO or a directory) no bigger than MAX_XML_BYTES, read in one go.
 */
async function readLocalFile(location: string): Promise<string> {
  const path = location.startsWith('file:') ? fileURLToPath(location) : location
  let handle: FileHandle | undefined
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK)
    const info = await handle.stat()
    if (!info.isFile()) {
      throw new UsageError(`Cannot read the WSDL file ${path}: it is not a regular file.`, {
        hint: 'Give --wsdl a WSDL file or an http(s) URL.',
      })
    }
    if (info.size > MAX_XML_BYTES) {
      throw new UsageError(
        `The WSDL file ${path} is larger than ${formatSize(MAX_XML_BYTES)}, the most apictl reads of one document.`,
        { hint: 'Check that --wsdl names the WSDL (or that its imports name schema files).' },
      )
    }
    return decode(await handle.readFile(), undefined, location)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'EACCES' || code === 'ELOOP') {
      throw new UsageError(`Cannot read the WSDL file ${path} (${fileProblem(error)}).`, {
        hint: 'Give --wsdl an existing file or an http(s) URL.',
      })
    }
    throw error
  } finally {
    await handle?.close()
  }
}

/**
 * Reads WSDL and schema documents: http(s) through the shared transport,
 * files and file: URLs from disk. One time limit (--timeout) covers the WSDL
 * and everything it imports, reading included (`deadline`).
 */
export function wsdlDocumentFetcher(settings: WsdlFetchSettings): FetchDocument {
  let deadline: number | undefined
  const started = (location: string) => {
    deadline ??= Date.now() + settings.transport.timeoutMs
    if (Date.now() >= deadline) {
      throw new NetworkError(
        `Reading the WSDL and its imports did not finish within ${settings.transport.timeoutMs / 1000} s (time limit).`,
        { where: location, hint: 'Raise the limit with --timeout SECONDS.' },
      )
    }
    return deadline
  }
  const fetchDocument: FetchDocument = async (location) => {
    const until = started(location)
    if (/^https?:/i.test(location)) return fetchOverHttp(location, settings, until)
    if (isUrl(location) && !location.startsWith('file:')) {
      throw new UsageError(`Cannot fetch ${location}: only http(s) URLs and files are supported.`)
    }
    return readLocalFile(location)
  }
  fetchDocument.deadline = () => deadline
  return fetchDocument
}
