import type { Context } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import { requestDefaults } from '../../engine/request-defaults.js'
import type { Prompter } from '../../protocols/graphql/client/builder/prompter.js'
import { chooseAction, soapHttpRequest } from '../../protocols/soap/client/build-soap-request.js'
import type { ParameterNode } from '../../protocols/soap/client/parameter-tree.js'
import { resultParameters } from '../../protocols/soap/client/result-parameters.js'
import { sendSoapRequest } from '../../protocols/soap/client/send-soap-request.js'
import { printSoapOutcome, soapValuesFormatter } from '../print-soap-result.js'
import { runExchange } from '../run-exchange.js'
import { buildSoapMessage } from './soap-message.js'
import { promptSoapCall } from './soap-prompt.js'
import { redactingSoapBodies } from './soap-redact.js'
import { openSoapSession, type SoapSession } from './soap-session.js'

/**
 * `apictl soap call OPERATION [PARAM=VALUE ...]`: typed options → envelope
 * (pure, checked against the WSDL) → HTTP request → runExchange (--dry-run,
 * --curl, -v, send) → decode → render → exit code. Without an operation, on
 * a terminal, the operation and its parameters are asked for.
 */
export async function runSoapCall(
  operation: string | undefined,
  parameterArgs: string[],
  raw: Record<string, unknown>,
  ctx: Context,
  scripted?: Prompter,
): Promise<number> {
  if (operation === undefined && !ctx.stdin.isTTY && scripted === undefined) {
    throw new UsageError(
      'soap call needs an OPERATION; without one it asks for it interactively, which needs a terminal on stdin.',
      {
        hint: 'Name the operation: apictl soap call GetItem id=1 (apictl soap ops lists them).',
      },
    )
  }
  const session = await openSoapSession(raw, ctx)
  try {
    let name = operation
    let parameters: readonly string[] | ParameterNode[] = parameterArgs
    if (name === undefined) {
      const picked = await promptSoapCall(session, ctx, scripted)
      if (picked === undefined) return 0
      name = picked.operation
      parameters = picked.parameters
    }
    return await callOperation(session, name, parameters, ctx)
  } finally {
    await session.close()
  }
}

async function callOperation(
  session: SoapSession,
  operation: string,
  parameters: readonly string[] | ParameterNode[],
  ctx: Context,
): Promise<number> {
  const { common, options } = session
  const message = await buildSoapMessage(session, operation, parameters, ctx)
  const version = message.plan.version
  const url = await session.endpoint(version.id)
  const defaults = requestDefaults(common, session.profile)
  const request = soapHttpRequest(
    {
      version,
      url,
      action: chooseAction(version, options.action, message.plan.action),
      method: options.method,
      headers: defaults.headers,
      unsetHeaders: defaults.unsetHeaders,
      oauth2: defaults.oauth2,
    },
    message.envelope,
  )
  const formatValues = await soapValuesFormatter(common, ctx)
  return runExchange(
    {
      request,
      common,
      profile: session.profile,
      label: `${operation} → ${url}`,
      send: (built, transport) => sendSoapRequest(built, redactingSoapBodies(transport)),
      present: (outcome) => {
        const parametersOfResult =
          outcome.kind === 'result'
            ? resultParameters(
                message.loaded?.service,
                version.id,
                outcome.operation,
                message.plan.operation?.name,
              )
            : undefined
        return printSoapOutcome(outcome, common, ctx, formatValues, parametersOfResult)
      },
    },
    ctx,
  )
}
