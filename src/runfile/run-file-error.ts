import { UsageError } from '../core/errors.js'
import type { FilePosition } from '../core/run-report.js'

/** Something in a request file apictl cannot run: exit 2, named by `file:line:column`, nothing sent. */
export class RunFileError extends UsageError {
  readonly at: FilePosition

  constructor(message: string, at: FilePosition, hint?: string) {
    super(message, { where: positionText(at), hint })
    this.at = at
  }
}

/** `file:line:column` (or `file:line`). */
export function positionText(at: FilePosition): string {
  return at.column === undefined ? `${at.file}:${at.line}` : `${at.file}:${at.line}:${at.column}`
}

export function isRunFileError(value: unknown): value is RunFileError {
  return value instanceof RunFileError
}
