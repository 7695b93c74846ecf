import { ExitCode } from '../../../core/exit-codes.js'
import type { SoapOutcome } from './decode-soap-response.js'
import { type FaultSummary, faultHeadline, faultSummary } from './fault-summary.js'
import type { ParameterDescription } from './service-description.js'
import { typedValues } from './typed-values.js'

/** What went wrong, with the CLI's exit code; for a fault, the fault itself too. */
export interface CallError {
  message: string
  exitCode: number
  status?: number
  where?: string
  fault?: FaultSummary
}

/** What typing the answer needs: the response element's described children, and the operation called. */
export interface ResultDescription {
  parameters?: readonly ParameterDescription[] | undefined
  operation?: string | undefined
}

/**
 * A decoded answer as the library returns it: `{ data }`, `{ fault, error }`
 * (a fault is an error too, so `const { data, error }` never mistakes it for
 * a result), or `{ error }`; the CLI's exit code is in `error`. A one-way
 * operation's empty 202/204 is `{ data: { operation, result: null } }`.
 */
export interface CallResult<T> {
  data?: { operation: string; result: T }
  fault?: FaultSummary
  status?: number
  error?: CallError
}

export function callResult<T>(outcome: SoapOutcome, described: ResultDescription): CallResult<T> {
  const status = outcome.status
  if (outcome.kind === 'accepted') {
    return { data: { operation: described.operation ?? '', result: null as T }, status }
  }
  if (outcome.kind === 'fault') {
    const fault = faultSummary(outcome.fault, outcome.version)
    const error: CallError = {
      message: faultHeadline(fault),
      exitCode: outcome.exitCode,
      status,
      where: outcome.response.url,
      fault,
    }
    return { fault, status, error }
  }
  if (outcome.kind === 'not-envelope') {
    return {
      status,
      error: {
        message: `the SOAP endpoint did not answer with a SOAP envelope (${outcome.reason})`,
        exitCode: outcome.exitCode,
        status,
        where: outcome.response.url,
      },
    }
  }
  const result: CallResult<T> = {
    data: {
      operation: outcome.operation.local,
      result: typedValues(outcome.values, described.parameters) as T,
    },
    status,
  }
  const exitCode = outcome.exitCode
  if (exitCode !== ExitCode.Ok) {
    result.error = {
      message: `HTTP ${status} with a result envelope`,
      exitCode,
      status,
      where: outcome.response.url,
    }
  }
  return result
}
