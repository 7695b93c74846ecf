import type { RunAnswer } from '../../core/run-answer.js'
import { RunFileError } from '../../runfile/run-file-error.js'
import { answerHeaders, responseRecord } from './exchange-record.js'
import type { ResolvedRequest } from './resolve-request.js'
import type { RunEngines } from './run-engines.js'
import type { StepAnswer } from './step-answer.js'

/** An HTTPie body field (`name=Pen`, `price:=2.5`, `a[b]=1`), not a query (`==`) or a header (`Name:v`). */
const BODY_FIELD = /^[^=:@]+(?::=|=(?!=))/

/** A REST request through the RestClient (`apictl rest`'s): items, headers, body, the OpenAPI check, then send. */
export async function prepareRestStep(request: ResolvedRequest, engines: RunEngines, file: string) {
  const { common, ctx, rest } = engines
  const field = request.block.items.find((item) => BODY_FIELD.test(item.text))
  if (field !== undefined && request.body !== undefined) {
    throw new RunFileError(
      'A request has body fields on its request line and a body below it as well.',
      { file, line: field.line, column: field.column },
      'Keep one: the fields (name=Pen price:=2.5) or the body.',
    )
  }
  const url = request.url ?? ''
  const contract = await engines.contract(url)
  return rest.prepare(
    {
      method: request.block.method,
      url,
      items: request.items,
      headers: request.headers,
      body: request.body,
      lint: false,
      contract,
    },
    common,
    ctx,
  )
}

export async function sendRestStep(
  request: ResolvedRequest,
  engines: RunEngines,
  file: string,
): Promise<StepAnswer> {
  const prepared = await prepareRestStep(request, engines, file)
  const started = performance.now()
  const outcome = await engines.rest.send(prepared, engines.transport())
  const durationMs = performance.now() - started
  const result = outcome.result
  const body = result.body
  const bodyText = 'text' in body ? body.text : result.response.body.toString('utf8')
  const answer: RunAnswer = {
    style: 'rest',
    status: result.status,
    headers: answerHeaders(result.headers),
    bodyText,
    value: body.kind === 'json' ? body.value : undefined,
    durationMs,
  }
  return {
    answer,
    exitCode: outcome.exitCode,
    summary: `${result.status} ${result.statusText}`,
    request: prepared.request,
    response: responseRecord(result.response),
  }
}
