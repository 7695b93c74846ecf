import type { CookieJarLike, OAuth2Settings } from './exchange.js'

/**
 * -i / --print WHAT: the parts of the exchange stdout shows, HTTPie's letters
 * (H request headers, B request body, h response headers, b response body,
 * m metadata), printed in that order.
 */
export interface PrintParts {
  requestHead: boolean
  requestBody: boolean
  responseHead: boolean
  responseBody: boolean
  meta: boolean
}

/** `hb` → the parts it names; undefined when a letter is not one of HBhbm. */
export function printPartsOf(letters: string): PrintParts | undefined {
  if (letters === '' || !/^[HBhbm]+$/.test(letters)) return undefined
  return {
    requestHead: letters.includes('H'),
    requestBody: letters.includes('B'),
    responseHead: letters.includes('h'),
    responseBody: letters.includes('b'),
    meta: letters.includes('m'),
  }
}

export const OUTPUT_FORMATS = ['pretty', 'json', 'raw', 'table', 'xml'] as const
export type OutputFormat = (typeof OUTPUT_FORMATS)[number]

/** The options every style shares (SPEC §3), typed and normalised once at the boundary. */
export interface CommonOptions {
  profile?: string
  /** -H 'Name: value', in the order given; a name given twice is sent twice. */
  headers: Array<[string, string]>
  /**
   * Headers a REPL session adds (`.header`), one per name: they replace the
   * profile's and give way to the line's. `Name:` ('') unsets a profile header.
   */
  sessionHeaders?: Array<[string, string]>
  user?: string
  token?: string
  oauth2?: OAuth2Settings
  /** --timeout in seconds; undefined means the profile's, else 30. */
  timeoutSeconds?: number
  retry: number
  /** --retry-unsafe: the user says the call is idempotent, so --retry applies to POST and PATCH too. */
  retryUnsafe?: boolean
  /** --max-size in bytes; undefined means the default (1 GiB). */
  maxSize?: number
  insecure: boolean
  /** --ca FILE: a CA bundle trusted besides the system's (else the profile's `ca`). */
  ca?: string
  /** --cert FILE [--key FILE]: client certificate for mutual TLS (else the profile's). */
  cert?: string
  key?: string
  /** --proxy URL; without it the proxy variables are read (HTTPS_PROXY, HTTP_PROXY, NO_PROXY). */
  proxy?: string
  /** --http2: offer HTTP/2 by ALPN. */
  http2?: boolean
  /** --session NAME: cookies and headers kept per host in a session file. */
  session?: string
  /** Cookies kept between calls without a named session (a REPL session's, a library client's). */
  cookies?: CookieJarLike
  /** -i / --print: the parts of the exchange on stdout; undefined: the response body alone. */
  print?: PrintParts
  /** undefined: pretty, coloured only on a terminal. */
  output?: OutputFormat
  /** false with --no-color. */
  colour?: boolean
  verbose: boolean
  dryRun: boolean
  /** --show-secrets: --dry-run prints credentials in clear. */
  showSecrets?: boolean
  curl: boolean
}

export const DEFAULT_TIMEOUT_SECONDS = 30
