import type { CompletionRequest } from '../command.js'
import { SOAP_LINE_OPTIONS } from '../lines/line-options.js'
import type { ReplSession } from '../session.js'
import { optionNames, optionValues, positionalWords } from './option-candidates.js'

/**
 * A `soap` line: the WSDL's operations, then that operation's parameters
 * (`id=`; a complex one as `order.` whose fields follow), then options.
 */
export async function completeSoapLine(request: CompletionRequest, session: ReplSession): Promise<string[]> {
  const values = optionValues(request.words.at(-1), SOAP_LINE_OPTIONS)
  if (values !== undefined) return values
  if (request.partial.startsWith('-')) return optionNames(SOAP_LINE_OPTIONS)
  const [{ sessionSoapService }, { boundOperation }, { defaultVersion }] = await Promise.all([
    import('../lines/session-soap-service.js'),
    import('../../protocols/soap/client/service-description.js'),
    import('../../protocols/soap/client/plan-soap-call.js'),
  ])
  const soap = await sessionSoapService(session)
  const loaded = await soap.description({ forCompletion: true, signal: request.signal })
  if (loaded === undefined) return []
  const { service } = loaded
  const [operationName] = positionalWords(request.words, SOAP_LINE_OPTIONS)
  if (operationName === undefined) return service.operations.map((operation) => operation.name)
  const operation = service.operations.find((each) => each.name === operationName)
  if (operation === undefined) return []
  let parameters = boundOperation(operation, defaultVersion(service, operation))?.input.parameters ?? []
  const path = request.partial.split('.').slice(0, -1)
  for (const segment of path) parameters = parameters.find((each) => each.name === segment)?.children ?? []
  const prefix = path.map((segment) => `${segment}.`).join('')
  return parameters.map((parameter) => `${prefix}${parameter.name}${parameter.children ? '.' : '='}`)
}
