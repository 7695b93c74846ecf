import type { HttpRequest } from '../../core/exchange.js'
import type { RunAnswer } from '../../core/run-answer.js'
import type { RequestResult } from '../../core/run-report.js'

/** What sending one request gave: the answer asserts and captures read, and the exchange for the report. */
export interface StepAnswer {
  answer: RunAnswer
  /** The decoder's exit code (0, or 4/5/6 for an answer that is an error). */
  exitCode: number
  /** `404 Not Found`, `fault Client: …`: what the answer was, in words, for an implicit check. */
  summary: string
  request: HttpRequest
  response: RequestResult['response']
  fault?: RequestResult['fault']
  graphqlErrors?: string[]
}
