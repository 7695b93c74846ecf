import { localPath } from '../../config/paths.js'
import type { Context } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import { readDocument, readVariablesOption } from '../../exchange/graphql/graphql-input.js'
import type { DocumentSettings, OperationType } from '../../exchange/graphql/graphql-settings.js'
import type { GqlOptionValues } from '../../options/gql-options.js'
import type { ParsedWords } from '../../options/parse-words.js'
import { type DocumentSource, isGraphQLDocumentError } from '../../protocols/graphql/client/document-error.js'
import { printDocumentError } from '../../render/print-graphql-problems.js'
import { printGraphQLResult } from '../../render/print-graphql-result.js'
import type { ReplSession } from '../session.js'
import { splitGqlLine } from '../text/graphql-text.js'
import { splitWords } from '../text/split-words.js'
import { lineEndpoint, sessionGraphQL } from './graphql-schema.js'
import { commonOptions, GQL_LINE_OPTIONS, parseLine } from './line-options.js'
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
  const leading = parseLine<GqlOptionValues>(splitWords(before), GQL_LINE_OPTIONS, usage)
  const trailing = parseLine<GqlOptionValues>(splitWords(after), GQL_LINE_OPTIONS, usage)
  const stray = leading.positionals[0] ?? trailing.positionals[0]
  if (stray !== undefined) {
    throw new UsageError(
      `Unexpected '${stray}' ${leading.positionals.length > 0 ? 'before' : 'after'} the document.`,
      {
        hint: 'Options go before the document or after its closing brace: gql -e URL { items { id } } -o table',
      },
    )
  }
  const values = mergeValues(leading, trailing)
  if (document === '' && values.file === undefined) {
    throw new UsageError('gql needs a document.', { hint: 'For example: gql -o json { items { id name } }' })
  }
  const common = session.requestOptions(commonOptions(values))
  try {
    const source = await lineDocument(document, values.file, ctx)
    const variables = await readVariablesOption(values.variables, ctx)
    const settings: DocumentSettings = {
      common,
      profile: session.profile(),
      endpoint: lineEndpoint(session, values.endpoint),
      validate: values.validate,
      schemaFile: values.schema === undefined ? undefined : localPath(values.schema, ctx),
      operationName: values.operation,
      variables,
      variableOptions: values.var,
      // The line's own values win over the session's `var`s: --var, then --variables.
      sessionVariables: new Map(
        [...session.graphqlVariables].filter(([name]) => variables === undefined || !(name in variables)),
      ),
      get: values.get === true,
      signal: ctx.signal,
      accepts: refuseSubscription,
    }
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

/** The line's document, or -f FILE's (stdin is where the REPL reads its lines). */
function lineDocument(document: string, file: string | undefined, ctx: Context): Promise<DocumentSource> {
  if (file === '-') {
    throw new UsageError('-f - reads stdin, which the REPL reads its lines from.', {
      hint: 'Type the document on the line, or give a file: gql -f FILE.graphql',
    })
  }
  return readDocument(document === '' ? undefined : document, file, ctx)
}

/** Options given before and after the document: repeatable ones (-H) add up, the others' later value wins. */
function mergeValues(
  before: ParsedWords<GqlOptionValues>,
  after: ParsedWords<GqlOptionValues>,
): GqlOptionValues {
  const merged = { ...before.values }
  for (const name of after.given) {
    const key = name as keyof GqlOptionValues
    const earlier = merged[key]
    const value = after.values[key]
    Object.assign(merged, {
      [key]: Array.isArray(earlier) && Array.isArray(value) ? [...earlier, ...value] : value,
    })
  }
  return merged
}
