/**
 * What `apictl run` (and the library's runFile) reports about a run of request
 * files: the one structure the runner fills and every reporter (the terminal
 * summary, JUnit, JSON, HTML) reads. Plain data, JSON-serialisable.
 */

export type RunStyle = 'rest' | 'graphql' | 'soap'

/** passed: sent and every assert held; failed: an assert did not hold; error: not sent or no answer (usage, network); skipped: not run (--bail, --name). */
export type RunOutcome = 'passed' | 'failed' | 'error' | 'skipped'

/** Where something is in a request file (1-based line and column). */
export interface FilePosition {
  file: string
  line: number
  column?: number
}

export interface AssertResult {
  /** The assert as written, e.g. `status == 201`. */
  text: string
  line: number
  passed: boolean
  /** The value the assert expected, as written or computed (absent for unary checks). */
  expected?: string
  /** The value found in the answer, shown as text. */
  actual?: string
  /** Why it failed (or could not be evaluated), in words. */
  message?: string
}

export interface ExchangeRecord {
  method: string
  url: string
  /** Headers as sent or received, credentials already redacted. */
  headers: Record<string, string>
  /** The body as text (truncated for reports when long), if any. */
  body?: string
}

export interface RequestResult {
  /** `# @name` if given, else `METHOD path` (or `SOAP Operation`, `GRAPHQL operationName`). */
  name: string
  style: RunStyle
  /** Where the request starts in its file. */
  at: FilePosition
  outcome: RunOutcome
  /** HTTP status of the answer, when there was one. */
  status?: number
  /** A SOAP fault, as code and reason. */
  fault?: { code: string; reason: string }
  /** GraphQL errors' messages, when the answer carried any. */
  graphqlErrors?: string[]
  durationMs: number
  asserts: AssertResult[]
  /** For outcome 'error': what went wrong, worded as the CLI says it, and its exit code (SPEC §3). */
  error?: { message: string; exitCode: number; at?: FilePosition }
  request?: ExchangeRecord
  response?: Omit<ExchangeRecord, 'method' | 'url'> & { status?: number }
  /** Which repetition (--repeat), from 1. */
  iteration?: number
}

export interface RunReport {
  files: string[]
  /** The --env environment, when one was chosen. */
  environment?: string
  startedAt: string
  durationMs: number
  results: RequestResult[]
  summary: {
    requests: number
    passed: number
    failed: number
    errored: number
    skipped: number
    assertsPassed: number
    assertsFailed: number
  }
  /** What the run exits with: 0 every assert held, 1 an assert failed, 2/3/… the first usage/network error's code. */
  exitCode: number
  /** What stopped the run before any request (the library's runFile: an unreadable file, an unknown --env). */
  error?: { message: string; exitCode: number; where?: string }
}
