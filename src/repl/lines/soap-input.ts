import type { Context } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import type { CommonOptions } from '../../core/request-options.js'
import type { SoapMessageOptions } from '../../exchange/soap/soap-message.js'
import type { SoapService } from '../../exchange/soap/soap-service.js'
import type { WsdlUse } from '../../exchange/soap/wsdl-source.js'
import type { SoapOptionValues } from '../../options/soap-options.js'
import type { Prompter } from '../../prompt/prompter.js'
import { promptSoapCall } from '../../prompt/soap-prompt.js'
import type { ParameterNode } from '../../protocols/soap/client/parameter-tree.js'
import { defaultVersion, findOperation } from '../../protocols/soap/client/plan-soap-call.js'
import { boundOperation } from '../../protocols/soap/client/service-description.js'
import type { ReplSession } from '../session.js'
import { commonOptions, parseLine, SOAP_LINE_OPTIONS } from './line-options.js'
import { sessionSoapService } from './session-soap-service.js'

/** A `soap` line read: the operation and its parameters (typed, or answered at the prompts), and the options. */
export interface SoapCallInput {
  operation: string
  parameters: readonly string[] | ParameterNode[]
  common: CommonOptions
  options: SoapMessageOptions
  service: SoapService
  use: WsdlUse
}

/**
 * Reads `soap OPERATION [PARAM=VALUE ...] [OPTIONS]`. Without an operation,
 * or without the parameters the operation requires, it asks for them (on a
 * terminal, with the prompts of `apictl soap call`); undefined when the
 * prompts were cancelled.
 */
export async function soapCallInput(
  words: string[],
  session: ReplSession,
  ctx: Context,
): Promise<SoapCallInput | undefined> {
  const usage = 'soap OPERATION [PARAM=VALUE ...]'
  const { positionals, values } = parseLine<SoapOptionValues>(words, SOAP_LINE_OPTIONS, usage)
  const common = session.requestOptions(commonOptions(values))
  // WS-Security from `.auth wss` unless the line gives --wss.
  const options: SoapOptionValues = { ...values, wss: values.wss ?? session.wss }
  const service = await sessionSoapService(session)
  const use: WsdlUse = { verbose: common.verbose, signal: ctx.signal }
  if (values.refreshWsdl) await service.reread(options.endpoint, use)
  const [operation, ...parameters] = positionals
  const complete =
    operation !== undefined &&
    (parameters.length > 0 || !(await needsParameters(session, service, operation, options, use)))
  if (complete) return { operation, parameters, common, options, service, use }
  if (operation === undefined && !session.options.terminal && session.options.prompter === undefined) {
    throw new UsageError('soap needs an OPERATION.', {
      hint: 'For example: soap GetItem id=1 (.ops lists them).',
    })
  }
  const loaded = await service.discover(options.endpoint, use)
  const picked = await session.withPrompter('soap', (prompter) =>
    promptSoapCall(
      loaded,
      options.soap,
      ctx,
      operation === undefined ? prompter : preselect(prompter, operation),
    ),
  )
  return picked === undefined ? undefined : { ...picked, common, options, service, use }
}

/** Whether to ask for the parameters: on a terminal, for an operation of the WSDL that requires some. */
async function needsParameters(
  session: ReplSession,
  service: SoapService,
  operation: string,
  options: SoapMessageOptions,
  use: WsdlUse,
): Promise<boolean> {
  if (!session.options.terminal && session.options.prompter === undefined) return false
  const loaded = await service.description(use)
  if (loaded === undefined) return false
  const described = findOperation(loaded.service, operation)
  const bound = boundOperation(described, options.soap ?? defaultVersion(loaded.service, described))
  return bound?.input.parameters.some((parameter) => parameter.minOccurs > 0) ?? false
}

/** The operation is already chosen: its pick in promptSoapCall answers itself, the parameter prompts remain. */
function preselect(prompter: Prompter, operation: string): Prompter {
  let picked = false
  return {
    ...prompter,
    select: async (message, choices) => {
      const choice = picked ? undefined : choices.find((candidate) => candidate.name === operation)
      picked = true
      return choice === undefined ? prompter.select(message, choices) : choice.value
    },
  }
}
