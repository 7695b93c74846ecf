/** Exit codes shared by every command (SPEC §3). Decided in one place: `exitCodeFor`. */
export const ExitCode = {
  Ok: 0,
  Internal: 1,
  Usage: 2,
  Network: 3,
  Rejected: 4,
  ServerFailed: 5,
  BadResponse: 6,
  /** Cancelled with Ctrl-C at a prompt: 128 + SIGINT, as shells report it. */
  Interrupted: 130,
} as const

export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode]

/** The exit code an HTTP status implies: 4xx rejected, 5xx server failed, else success. */
export function exitCodeForStatus(status: number): ExitCode {
  if (status >= 500) return ExitCode.ServerFailed
  if (status >= 400) return ExitCode.Rejected
  return ExitCode.Ok
}
