import { ExitCode } from './exit-codes.js'

export interface ErrorDetails {
  /** Where it happened: a URL, a file, an argument. */
  where?: string
  /** What to try next. */
  hint?: string
  cause?: unknown
}

/**
 * Every error apictl means to report. Deep code throws these; the one error
 * boundary (cli/main.ts, or the library API) turns them into a message and an
 * exit code or a `{ error }` result. Errors are data with two renderings.
 */
export class ApictlError extends Error {
  readonly exitCode: ExitCode
  readonly where: string | undefined
  readonly hint: string | undefined

  constructor(message: string, exitCode: ExitCode, details: ErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause })
    this.name = new.target.name
    this.exitCode = exitCode
    this.where = details.where
    this.hint = details.hint
  }

  toJSON(): Record<string, unknown> {
    return {
      error: this.name,
      message: this.message,
      where: this.where,
      hint: this.hint,
      exitCode: this.exitCode,
    }
  }
}

/** Bad flag, malformed argument, invalid document: nothing was sent. Exit 2. */
export class UsageError extends ApictlError {
  constructor(message: string, details: ErrorDetails = {}) {
    super(message, ExitCode.Usage, details)
  }
}

/** Connection refused, DNS, TLS, reset, time limit. Exit 3. */
export class NetworkError extends ApictlError {
  constructor(message: string, details: ErrorDetails = {}) {
    super(message, ExitCode.Network, details)
  }
}

/**
 * The caller stopped a request on purpose (Ctrl-C in the REPL, an aborted
 * signal in the library): exit 3 like any request that did not complete,
 * but with nothing to advise. `request` is `GET http://…`.
 */
export class CancelledError extends NetworkError {
  readonly request: string

  constructor(request: string) {
    super(`Cancelled: ${request}`)
    this.request = request
  }
}

export function isCancelledError(value: unknown): value is CancelledError {
  return value instanceof CancelledError
}

/** The answer could not be understood. Exit 6. */
export class ResponseError extends ApictlError {
  constructor(message: string, details: ErrorDetails = {}) {
    super(message, ExitCode.BadResponse, details)
  }
}

/** Local configuration problem (unreadable config, unknown profile). Exit 2. */
export class ConfigError extends ApictlError {
  constructor(message: string, details: ErrorDetails = {}) {
    super(message, ExitCode.Usage, details)
  }
}

export function isApictlError(value: unknown): value is ApictlError {
  return value instanceof ApictlError
}

/** The exit code an error ends a command with: its own for an ApictlError, 1 (a bug) for anything else. */
export function exitCodeOfError(error: unknown): ExitCode {
  return isApictlError(error) ? error.exitCode : ExitCode.Internal
}
