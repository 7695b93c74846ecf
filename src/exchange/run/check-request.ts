import { isApictlError } from '../../core/errors.js'
import type { RequestResult } from '../../core/run-report.js'
import type { PlannedRequest } from '../../runfile/plan-requests.js'
import { isRunFileError } from '../../runfile/run-file-error.js'
import type { VariableScope } from '../../runfile/variable-scope.js'
import { resolveRequest } from './resolve-request.js'
import type { RunEngines } from './run-engines.js'
import { checkGraphQLStep } from './send-graphql-step.js'
import { prepareRestStep } from './send-rest-step.js'
import { prepareSoapStep } from './send-soap-step.js'

/**
 * Checks one request before anything is sent: its templates (undefined
 * variables, scripts), then as its engine would — a GraphQL document against
 * the endpoint's schema, a SOAP call against the WSDL, a REST call against
 * the OpenAPI document. Captured values not there yet are placeholders (a
 * REST call or GraphQL variables that use one are checked when sent).
 * Returns the problem, or undefined.
 */
export async function checkRequest(
  planned: PlannedRequest,
  scope: VariableScope,
  engines: RunEngines,
): Promise<RequestResult['error'] | undefined> {
  const file = scope.file.path
  try {
    const before = scope.placeholders
    const request = await resolveRequest(planned.block, planned.index, scope, 'check')
    for (const line of planned.block.asserts) {
      scope.resolve({ text: line.text, line: line.line, column: line.column }, planned.index, 'check')
    }
    const complete = scope.placeholders === before
    const style = planned.block.style
    if (style === 'graphql') await checkGraphQLStep(request, engines, file, { variables: complete })
    else if (style === 'soap') await prepareSoapStep(request, engines, file)
    else if (complete) await prepareRestStep(request, engines, file)
    return undefined
  } catch (error) {
    if (!isApictlError(error) || error.exitCode !== 2) throw error
    return {
      message: error.message,
      exitCode: error.exitCode,
      at: isRunFileError(error) ? error.at : { file, line: planned.block.line },
    }
  }
}
