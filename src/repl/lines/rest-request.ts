import type { Context } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import type { HttpRequest } from '../../core/exchange.js'
import type { CommonOptions } from '../../core/request-options.js'
import { prepareRestRequest } from '../../exchange/rest/prepare-rest-request.js'
import type { RestContract } from '../../exchange/rest/rest-contract.js'
import type { ReplSession } from '../session.js'
import { commonOptions, numberOption, parseLine, REST_LINE_OPTIONS } from './line-options.js'

/** A REST line read and built: what runExchange needs, and how to page. */
export interface RestLine {
  request: HttpRequest
  url: URL
  common: CommonOptions
  all: boolean
  maxPages: number
  /** --follow: follow redirects. */
  follow: boolean
}

const wholeNumber = (number: number) => Number.isInteger(number) && number >= 1

/**
 * `post /v1/items name=Pen price:=2.5 -o json` as `apictl rest` reads it:
 * options, request items, the body, the URL against the session's REST
 * base, the session's headers and auth, then the built request (pure).
 */
export async function restLineRequest(
  methodText: string,
  words: string[],
  session: ReplSession,
  ctx: Context,
): Promise<RestLine> {
  const usage = `${methodText} PATH-OR-URL [ITEM ...]`
  const { positionals, values } = parseLine(words, REST_LINE_OPTIONS, usage)
  const [targetText, ...itemArgs] = positionals
  if (targetText === undefined) {
    throw new UsageError(`${methodText} needs a path or URL.`, {
      hint: `${usage}, e.g. ${methodText} /v1/items`,
    })
  }
  const common = session.requestOptions(commonOptions(values))
  const data = values.data as string | undefined
  if (data === '-') {
    throw new UsageError('--data - reads stdin, which the REPL reads its lines from.', {
      hint: 'Give the JSON inline (--data \'{"name": "Pen"}\') or from a file (--data @body.json).',
    })
  }
  const { request, url } = await prepareRestRequest(
    {
      method: methodText,
      target: targetText,
      items: itemArgs,
      data,
      page: numberOption(values.page, '--page', wholeNumber),
      limit: numberOption(values.limit, '--limit', wholeNumber),
      accept: values.accept as string | undefined,
      apiVersion: values['api-version'] as string | undefined,
      lint: values['no-lint'] !== true,
      common,
      profile: session.profile(),
      profileName: session.target.profileName,
      restBase: session.target.rest,
      contract: await lineContract(targetText, values['no-validate'] === true, session),
    },
    ctx,
  )
  const maxPages = numberOption(values['max-pages'], '--max-pages', wholeNumber) ?? 100
  return { request, url, common, all: values.all === true, maxPages, follow: values.follow === true }
}

/** The document's rules for a line to the session's REST base (a full URL elsewhere goes unchecked). */
async function lineContract(
  targetText: string,
  noValidate: boolean,
  session: ReplSession,
): Promise<RestContract | undefined> {
  if (!targetText.startsWith('/')) return undefined
  const loaded = await session.openApi(false)
  if (loaded === undefined) return undefined
  const { createRestContract } = await import('../../exchange/rest/rest-contract.js')
  return createRestContract({ ...loaded, validate: !noValidate })
}
