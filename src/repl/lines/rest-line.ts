import type { Context } from '../../core/context.js'
import { headerValue } from '../../core/exchange.js'
import { runExchange } from '../../exchange/run-exchange.js'
import type { RestResult } from '../../protocols/rest/client/decode-rest-response.js'
import { sendRestRequest } from '../../protocols/rest/client/send-rest-request.js'
import { printRestResult } from '../../render/print-rest-result.js'
import { xmlToJson } from '../../render/xml-to-json.js'
import type { ReplSession } from '../session.js'
import { restLineRequest } from './rest-request.js'

/**
 * `get /v1/items page==2`: the CLI's REST pipeline (items → build →
 * runExchange → printRestResult) on the session's target, with connections
 * kept alive; the decoded body becomes `last`, and the paths it names are
 * offered by Tab from then on.
 */
export async function runRestLine(
  methodText: string,
  words: string[],
  session: ReplSession,
  ctx: Context,
): Promise<number> {
  const { request, url, common, all, maxPages, follow } = await restLineRequest(
    methodText,
    words,
    session,
    ctx,
  )
  return runExchange(
    {
      request,
      common,
      profile: session.profile(),
      followRedirects: follow,
      send: (built, transport, progress) =>
        sendRestRequest(
          built,
          { ...transport, keepAlive: true },
          { all, maxPages, onPage: (number) => progress(`fetched page ${number}, fetching the next…`) },
        ),
      present: (outcome) => {
        const value = outcome.items ?? bodyValue(outcome.result)
        const response = outcome.result.response
        session.remember({ style: 'rest', value, response, label: `${request.method} ${url}` })
        session.paths.learn(url, session.target.rest, value, headerValue(response.headers, 'location'))
        if (outcome.truncated) {
          ctx.stderr.write(`warning: stopped after ${maxPages} pages (--max-pages); the server has more.\n`)
        }
        printRestResult(outcome.result, common, ctx, { merged: outcome.items, followRedirects: follow })
      },
    },
    ctx,
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
