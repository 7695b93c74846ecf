import type { Context } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import { headerValue } from '../../core/exchange.js'
import type { LoadedOpenApi } from '../../exchange/rest/load-openapi.js'
import { DEFAULT_MAX_PAGES, RestClient } from '../../exchange/rest/rest-client.js'
import type { RestContract } from '../../exchange/rest/rest-contract.js'
import type { RestOptionValues } from '../../options/rest-options.js'
import type { RestResult } from '../../protocols/rest/client/decode-rest-response.js'
import { printRestOutcome } from '../../render/print-rest-result.js'
import { xmlToJson } from '../../render/xml-to-json.js'
import type { ReplSession } from '../session.js'
import { commonOptions, parseLine, REST_LINE_OPTIONS } from './line-options.js'

/**
 * `get /v1/items page==2`: read as `apictl rest get …` reads its words, then
 * the session's RestClient (one per profile, connections kept alive) builds,
 * sends and decodes it; the decoded body becomes `last`, and the paths it
 * names are offered by Tab from then on.
 */
export async function runRestLine(
  method: string,
  words: string[],
  session: ReplSession,
  ctx: Context,
): Promise<number> {
  const usage = `${method} PATH-OR-URL [ITEM ...]`
  const { positionals, values } = parseLine<RestOptionValues>(words, REST_LINE_OPTIONS, usage)
  const [url, ...items] = positionals
  if (url === undefined) {
    throw new UsageError(`${method} needs a path or URL.`, { hint: `${usage}, e.g. ${method} /v1/items` })
  }
  const common = session.requestOptions(commonOptions(values))
  if (values.data === '-') {
    throw new UsageError('--data - reads stdin, which the REPL reads its lines from.', {
      hint: 'Give the JSON inline (--data \'{"name": "Pen"}\') or from a file (--data @body.json).',
    })
  }
  const rest = await sessionRestClient(session)
  const contract = await lineContract(url, values, session)
  const prepared = await rest.prepare({ ...values, method, url, items, contract }, common, ctx)
  // A live stream prints as it arrives (until it ends or Ctrl-C); other bodies are read whole, for `last`.
  return rest.exchange(
    prepared,
    common,
    ctx,
    async (outcome) => {
      // --all: the merged list is kept as its pages are printed.
      const kept = outcome.pages?.keep()
      try {
        await printRestOutcome(outcome, common, ctx, {
          maxPages: values.maxPages ?? DEFAULT_MAX_PAGES,
          followRedirects: values.follow === true,
        })
      } finally {
        const value = kept ?? bodyValue(outcome.result)
        const response = outcome.result.response
        const label = `${prepared.request.method} ${prepared.url}`
        session.remember({ style: 'rest', value, response, label })
        session.paths.learn(
          prepared.url,
          session.target.rest,
          value,
          headerValue(response.headers, 'location'),
        )
      }
    },
    { live: true },
  )
}

/** The session's REST client, made once per profile (its target), with the session's view of the profile. */
function sessionRestClient(session: ReplSession): Promise<RestClient> {
  return session.connection.once(
    'rest client',
    async () =>
      new RestClient({ target: session.target, cache: 'disk+memory', profile: () => session.profile() }),
  )
}

/** What `{{last…}}` reads from a REST answer: JSON as parsed, XML as JSON, text as a string, nothing as null. */
function bodyValue(result: RestResult): unknown {
  switch (result.body.kind) {
    case 'json':
      return result.body.value
    case 'xml':
      return xmlToJson(result.body.text)
    case 'text':
      return result.body.text
    default:
      return null
  }
}

/**
 * The document's rules for a line to the session's REST base, when the
 * document is at hand (cached, given with --openapi, or the built-in
 * server's): a line never waits on discovery; Tab discovers.
 */
async function lineContract(
  url: string,
  values: RestOptionValues,
  session: ReplSession,
): Promise<RestContract | undefined> {
  let loaded: LoadedOpenApi | undefined
  if (values.openapi !== undefined) {
    const { loadOpenApi } = await import('../../exchange/rest/load-openapi.js')
    loaded = await loadOpenApi(
      { flag: values.openapi, refresh: values.refresh === true, fetch: true },
      session.ctx,
    )
  } else if (url.startsWith('/')) loaded = await session.openApi(false)
  if (loaded === undefined) return undefined
  const { createRestContract } = await import('../../exchange/rest/rest-contract.js')
  return createRestContract({ ...loaded, env: session.ctx.env, validate: values.validate !== false })
}
