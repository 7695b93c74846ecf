import type { Context } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import { requestDefaults } from '../../exchange/request-defaults.js'
import { runExchange } from '../../exchange/run-exchange.js'
import { buildGraphQLRequest } from '../../protocols/graphql/client/build-graphql-request.js'
import { checkOperation } from '../../protocols/graphql/client/check-operation.js'
import { isGraphQLDocumentError } from '../../protocols/graphql/client/document-error.js'
import type { GraphQLCall } from '../../protocols/graphql/client/graphql-call.js'
import { parseDocument } from '../../protocols/graphql/client/parse-document.js'
import { selectOperation } from '../../protocols/graphql/client/select-operation.js'
import { sendGraphQLRequest } from '../../protocols/graphql/client/send-graphql-request.js'
import { printDocumentError } from '../../render/print-graphql-problems.js'
import { printGraphQLResult } from '../../render/print-graphql-result.js'
import type { ReplSession } from '../session.js'
import { splitGqlLine } from '../text/graphql-text.js'
import { splitWords } from '../text/split-words.js'
import { graphqlEndpoint, sessionSchema } from './graphql-schema.js'
import { commonOptions, GQL_LINE_OPTIONS, type LineValues, parseLine } from './line-options.js'
import { inReplTerms } from './repl-terms.js'

/**
 * `gql { items { id } } -o table`: the CLI's GraphQL pipeline (parse →
 * validate against the session's schema → coerce `var` values → send →
 * printGraphQLResult) on the session's endpoint; `data` becomes `last`.
 * Document errors print with their caret, as in the CLI.
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
  const endpoint = (values.endpoint as string | undefined) ?? graphqlEndpoint(session)
  const source = { text: document, name: 'query' }
  try {
    const parsed = parseDocument(source)
    const validate = values['no-validate'] !== true
    const loaded = validate ? await sessionSchema(session, ctx, { endpoint, common }) : undefined
    const operationName = values.operation as string | undefined
    const declared = new Set(
      (selectOperation(parsed, operationName).variableDefinitions ?? []).map(
        (definition) => definition.variable.name.value,
      ),
    )
    const checked = checkOperation(parsed, {
      schema: loaded?.schema,
      schemaHint:
        loaded === undefined
          ? undefined
          : values.endpoint === undefined
            ? 'See the schema with .schema; Tab completes fields and arguments.'
            : `Checked against the schema of ${endpoint}.`,
      operationName,
      variableOptions: [...session.graphqlVariables]
        .filter(([name]) => declared.has(name))
        .map(([, item]) => item),
    })
    if (checked.type === 'subscription') {
      throw new UsageError('Subscriptions run over a WebSocket, which the REPL does not hold open.', {
        hint: "Run it in a shell: apictl gql subscribe 'subscription { itemChanged { type } }' --count 1",
      })
    }
    if (values.get === true && checked.type === 'mutation') {
      throw new UsageError('--get sends queries only; a mutation must be a POST.', { hint: 'Drop --get.' })
    }
    const profile = session.profile()
    const defaults = requestDefaults(common, profile)
    const call: GraphQLCall = {
      url: endpoint,
      query: document,
      variables: checked.variables,
      operationName: checked.name,
      method: values.get === true ? 'GET' : 'POST',
      headers: defaults.headers,
      unsetHeaders: defaults.unsetHeaders,
      oauth2: defaults.oauth2,
    }
    return await runExchange(
      {
        request: buildGraphQLRequest(call),
        common,
        profile,
        label: `${call.method} ${call.url}`,
        send: (_request, transport) => sendGraphQLRequest(call, { ...transport, keepAlive: true }),
        present: (result) => {
          session.remember({
            style: 'gql',
            value: result.data ?? null,
            response: result.response,
            label: `${call.method} ${call.url}`,
          })
          printGraphQLResult(result, common, ctx, source)
        },
      },
      ctx,
    )
  } catch (error) {
    if (isGraphQLDocumentError(error)) {
      const replError = inReplTerms(error)
      printDocumentError(replError, ctx, common.colour)
      return replError.exitCode
    }
    throw inReplTerms(error)
  }
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
