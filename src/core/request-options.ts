import type { OAuth2Settings } from './exchange.js'

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
