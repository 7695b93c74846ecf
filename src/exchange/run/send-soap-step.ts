import { isApictlError } from '../../core/errors.js'
import type { RunAnswer } from '../../core/run-answer.js'
import { callResult } from '../../protocols/soap/client/call-result.js'
import type { SoapVersionId } from '../../protocols/soap/soap-version.js'
import { RunFileError } from '../../runfile/run-file-error.js'
import { requestDefaults } from '../request-defaults.js'
import { readyEnvelope } from '../soap/ready-envelope.js'
import type { SoapMessageOptions } from '../soap/soap-message.js'
import type { PreparedSoapRequest } from '../soap/soap-service.js'
import { answerHeaders, responseRecord } from './exchange-record.js'
import type { ResolvedRequest } from './resolve-request.js'
import type { RunEngines } from './run-engines.js'
import type { StepAnswer } from './step-answer.js'

/** `# @soap 1.2`, `# @wss USER:PASS`, `# @action URI`, `# @ns URI`: the `soap call` options a block can set. */
function messageOptions(
  request: ResolvedRequest,
  endpoint: string | undefined,
  file: string,
): SoapMessageOptions {
  const { directives } = request
  const version = directives.soap ?? directives.version
  if (version !== undefined && version !== '1.1' && version !== '1.2') {
    const at = request.block.directives.soap ?? request.block.directives.version!
    throw new RunFileError(`# @soap takes 1.1 or 1.2, not '${version}'.`, {
      file,
      line: at.line,
      column: at.column,
    })
  }
  return {
    endpoint,
    soap: version as SoapVersionId | undefined,
    wss: directives.wss,
    action: directives.action,
    ns: directives.ns,
  }
}

/**
 * A SOAP request through the SoapService (`soap call`'s and `soap send`'s):
 * a `SOAP Operation` block is checked against the WSDL and built from its
 * parameters; a POST whose body is an envelope is sent as it is. A problem
 * with the operation or a parameter is reported at its line in the file.
 */
export async function prepareSoapStep(
  request: ResolvedRequest,
  engines: RunEngines,
  file: string,
): Promise<PreparedSoapRequest> {
  const { soap, common } = engines
  const endpoint = request.url && engines.absolute(request.url)
  const http = requestDefaults(common, soap.profile, request.headers)
  const block = request.block
  try {
    if (block.method === 'SOAP') {
      return await soap.prepare({
        operation: block.operation!.text,
        parameters: request.parameters,
        options: messageOptions(request, endpoint, file),
        http,
        sending: true,
      })
    }
    const ready = readyEnvelope(
      Buffer.from(request.body ?? ''),
      `the body at ${file}:${request.bodyAt?.line}`,
    )
    return await soap.prepareEnvelope(ready, {
      options: { ...messageOptions(request, endpoint, file) },
      http,
      sending: true,
    })
  } catch (error) {
    if (!isApictlError(error) || error.exitCode !== 2 || error instanceof RunFileError) throw error
    throw new RunFileError(error.message, soapPosition(request, error.message, file), error.hint)
  }
}

/** The line a WSDL check's message is about: the parameter it names, else the operation on the SOAP line. */
function soapPosition(request: ResolvedRequest, message: string, file: string) {
  const block = request.block
  for (const parameter of block.parameters) {
    const name = /^[\w.[\]-]+/.exec(parameter.text)?.[0]
    const head = name?.split(/[.[]/)[0]
    if (head && new RegExp(`\\b${head.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}\\b`).test(message)) {
      return { file, line: parameter.line, column: parameter.column }
    }
  }
  const body = block.body?.kind === 'inline' ? block.body.text : undefined
  const where = block.operation ?? body
  return { file, line: where?.line ?? block.line, column: where?.column ?? 1 }
}

const NAMESPACE = /\sxmlns:([\w.-]+)\s*=\s*["']([^"']*)["']/g

/** The prefixes an envelope declares, for `?? xpath //tns:price`. */
function namespacesOf(text: string): Record<string, string> {
  const found: Record<string, string> = {}
  for (const match of text.slice(0, 64 * 1024).matchAll(NAMESPACE)) found[match[1]!] ??= match[2]!
  return found
}

export async function sendSoapStep(
  request: ResolvedRequest,
  engines: RunEngines,
  file: string,
): Promise<StepAnswer> {
  const prepared = await prepareSoapStep(request, engines, file)
  const started = performance.now()
  const reply = await engines.soap.send(prepared, engines.transport())
  const durationMs = performance.now() - started
  const result = callResult<unknown>(reply, reply.described)
  const bodyText = reply.response.body.toString('utf8')
  const answer: RunAnswer = {
    style: 'soap',
    status: reply.status,
    headers: answerHeaders(reply.response.headers),
    bodyText,
    value: result.data?.result,
    namespaces: namespacesOf(bodyText),
    durationMs,
  }
  const step: StepAnswer = {
    answer,
    exitCode: reply.exitCode,
    summary: result.error?.message ?? `${reply.status} ${reply.response.statusText}`,
    request: prepared.request,
    response: responseRecord(reply.response),
  }
  if (result.fault) {
    const fault = { code: result.fault.code, reason: result.fault.string }
    answer.fault = { ...fault, actor: result.fault.actor ?? undefined, detail: result.fault.detail }
    step.fault = fault
  }
  return step
}
