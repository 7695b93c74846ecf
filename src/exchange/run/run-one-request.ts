import { isApictlError } from '../../core/errors.js'
import type { AssertResult, RequestResult } from '../../core/run-report.js'
import { evaluateAssert } from '../../runfile/evaluate-assert.js'
import type { PlannedRequest } from '../../runfile/plan-requests.js'
import { requestLabel } from '../../runfile/request-label.js'
import { isRunFileError } from '../../runfile/run-file-error.js'
import type { VariableScope } from '../../runfile/variable-scope.js'
import { requestRecord } from './exchange-record.js'
import { resolveRequest } from './resolve-request.js'
import type { RunEngines } from './run-engines.js'
import { sendGraphQLStep } from './send-graphql-step.js'
import { sendRestStep } from './send-rest-step.js'
import { sendSoapStep } from './send-soap-step.js'
import type { StepAnswer } from './step-answer.js'

/** Sends one request of a file (its templates resolved now), evaluates its asserts, keeps its capture. */
export async function runOneRequest(
  planned: PlannedRequest,
  scope: VariableScope,
  engines: RunEngines,
  iteration: number,
): Promise<RequestResult> {
  const { block, index } = planned
  const file = scope.file.path
  const result: RequestResult = {
    name: requestLabel(block),
    style: block.style,
    at: { file, line: block.line },
    outcome: 'passed',
    durationMs: 0,
    asserts: [],
    iteration,
  }
  const started = performance.now()
  let step: StepAnswer
  try {
    const request = await resolveRequest(block, index, scope, 'send')
    step =
      block.style === 'graphql'
        ? await sendGraphQLStep(request, engines, file)
        : block.style === 'soap'
          ? await sendSoapStep(request, engines, file)
          : await sendRestStep(request, engines, file)
  } catch (error) {
    if (!isApictlError(error)) throw error
    result.outcome = 'error'
    result.durationMs = performance.now() - started
    result.error = {
      message: error.message,
      exitCode: error.exitCode,
      ...(isRunFileError(error) ? { at: error.at } : {}),
    }
    return result
  }
  result.durationMs = performance.now() - started
  result.status = step.answer.status
  result.request = requestRecord(step.request)
  result.response = step.response
  if (step.fault) result.fault = step.fault
  if (step.graphqlErrors) result.graphqlErrors = step.graphqlErrors
  if (block.name) scope.capture(block.name, step.answer.value ?? step.answer.bodyText)
  result.asserts =
    block.asserts.length === 0
      ? implicitCheck(step, block.line)
      : block.asserts.map((line) => {
          let text: string
          try {
            text = scope.resolve({ text: line.text, line: line.line, column: line.column }, index, 'send')
          } catch (error) {
            if (!isApictlError(error)) throw error
            return { text: line.text, line: line.line, passed: false, message: error.message }
          }
          return evaluateAssert(text, line.line, step.answer)
        })
  result.outcome = result.asserts.every((each) => each.passed) ? 'passed' : 'failed'
  return result
}

/**
 * A request with no `??` asserts still has to succeed: an answer its style
 * calls an error (HTTP 4xx/5xx, GraphQL errors, a SOAP fault) fails it, as
 * the CLI's exit code would.
 */
function implicitCheck(step: StepAnswer, line: number): AssertResult[] {
  const passed = step.exitCode === 0
  const check: AssertResult = { text: 'the answer is a success (no ?? asserts given)', line, passed }
  if (!passed) {
    check.expected = 'a success: 2xx/3xx, no GraphQL errors, no SOAP fault'
    check.actual = step.summary
    check.message = `The answer is an error (${step.summary}); add ?? asserts to say what is expected instead.`
  }
  return [check]
}
