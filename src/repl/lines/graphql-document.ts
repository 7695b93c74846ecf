import type { Context } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import type { DocumentSettings, OperationType } from '../../exchange/graphql/graphql-settings.js'
import { isGraphQLDocumentError } from '../../protocols/graphql/client/document-error.js'
import { printDocumentError } from '../../render/print-graphql-problems.js'
import { printGraphQLResult } from '../../render/print-graphql-result.js'
import type { ReplSession } from '../session.js'
import { splitGqlLine } from '../text/graphql-text.js'
import { splitWords } from '../text/split-words.js'
import { lineEndpoint, sessionGraphQL } from './graphql-schema.js'
import { commonOptions, GQL_LINE_OPTIONS, type LineValues, parseLine } from './line-options.js'
import { inReplTerms } from './repl-terms.js'

/**
 * `gql { items { id } } -o table`: the line's options, then the session's
 * GraphQL client checks the document (against the session's schema, with the
 * `var` values it declares), prepares and sends it, as `apictl gql` does;
 * `data` becomes `last`. Document errors print with their caret.
 */
export async function runGraphQLText(text: string, session: ReplSession, ctx: Context): Promise<number> {
  const { before, document, after } = splitGqlLine(text.trim())
  const usage = 'gql [OPTIONS] DOCUMENT [OPTIONS]'
  const leading = parseLine(splitWords(before), GQL_LINE_OPTIONS, usage)
  const trailing = parseLine(splitWords(after), GQL_LINE_OPTIONS, usage)
  const stray = leading.positionals[0] ?? trailing.positionals[0]
  if (stray !== undefined) {
    throw new UsageError(
      `Unexpected '${stray}' ${leading.positionals.length > 0 ? 'before' : 'after'} the document.`,
      {
        hint: 'Options go before the document or after its closing brace: gql -e URL { items { id } } -o table',
      },
    )
  }
  if (document === '') {
    throw new UsageError('gql needs a document.', { hint: 'For example: gql -o json { items { id name } }' })
  }
  const values = mergeValues(leading.values, trailing.values)
  const common = session.requestOptions(commonOptions(values))
  const source = { text: document, name: 'query' }
  const settings: DocumentSettings = {
    common,
    profile: session.profile(),
    endpoint: lineEndpoint(session, values.endpoint as string | undefined),
    validate: values['no-validate'] !== true,
    operationName: values.operation as string | undefined,
    sessionVariables: session.graphqlVariables,
    get: values.get === true,
    signal: ctx.signal,
    accepts: refuseSubscription,
  }
  try {
    const client = await sessionGraphQL(session)
    const prepared = client.prepare(await client.check(source, settings))
    return await client.exchange(prepared, settings, (result) => {
      const { method, url } = prepared.call
      session.remember({
        style: 'gql',
        value: result.data ?? null,
        response: result.response,
        label: `${method} ${url}`,
      })
      printGraphQLResult(result, common, ctx, source)
    })
  } catch (error) {
    const reworded = inReplTerms(error)
    if (!isGraphQLDocumentError(reworded)) throw reworded
    printDocumentError(reworded, ctx, common.colour)
    return reworded.exitCode
  }
}

function refuseSubscription(type: OperationType): void {
  if (type !== 'subscription') return
  throw new UsageError('Subscriptions run over a WebSocket, which the REPL does not hold open.', {
    hint: "Run it in a shell: apictl gql subscribe 'subscription { itemChanged { type } }' --count 1",
  })
}

/** Options given before and after the document: repeatable ones (-H) add up, the others' later value wins. */
function mergeValues(before: LineValues, after: LineValues): LineValues {
  const merged: LineValues = { ...before }
  for (const [name, value] of Object.entries(after)) {
    const earlier = merged[name]
    merged[name] = Array.isArray(earlier) && Array.isArray(value) ? [...earlier, ...value] : value
  }
  return merged
}
