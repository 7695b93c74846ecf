import type { Context } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import { ExitCode } from '../../core/exit-codes.js'
import { runExchange } from '../../exchange/run-exchange.js'
import { buildSoapCall } from '../../exchange/soap/soap-message.js'
import { openSoapSession, type SoapSession } from '../../exchange/soap/soap-session.js'
import type { Prompter } from '../../prompt/prompter.js'
import { promptSoapCall } from '../../prompt/soap-prompt.js'
import type { ParameterNode } from '../../protocols/soap/client/parameter-tree.js'
import { resultParameters } from '../../protocols/soap/client/result-parameters.js'
import { sendSoapRequest } from '../../protocols/soap/client/send-soap-request.js'
import { printSoapOutcome, soapValuesFormatter } from '../../render/print-soap-result.js'
import { redactingSoapBodies } from '../../render/soap-redact.js'

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
      if (picked === undefined) return ExitCode.Interrupted
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
  const { message, url, request } = await buildSoapCall(
    session,
    { operation, parameters, options },
    common,
    session.profile,
    ctx,
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
                message.plan.version.id,
                outcome.operation,
                message.plan.operation?.name,
              )
            : undefined
        printSoapOutcome(outcome, common, ctx, formatValues, {
          parameters: parametersOfResult,
          operation: message.plan.operation?.name ?? operation,
        })
      },
    },
    ctx,
  )
}
