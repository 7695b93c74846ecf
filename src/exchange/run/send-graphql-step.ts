import type { RunAnswer } from '../../core/run-answer.js'
import { isGraphQLDocumentError } from '../../protocols/graphql/client/document-error.js'
import type { Located } from '../../runfile/http-file.js'
import { graphqlParts, isGraphQLJson } from '../../runfile/request-style.js'
import { RunFileError } from '../../runfile/run-file-error.js'
import type { CheckedDocument, DocumentSettings } from '../graphql/graphql-settings.js'
import { answerHeaders, responseRecord } from './exchange-record.js'
import type { ResolvedRequest } from './resolve-request.js'
import type { RunEngines } from './run-engines.js'
import type { StepAnswer } from './step-answer.js'

interface GraphQLParts {
  query: string
  /** Where the document starts in the file. */
  at: Located
  variables?: Record<string, unknown>
  operationName?: string
}

/** The document and variables of a GraphQL request, as the JetBrains client or httpYac wrote them. */
function partsOf(request: ResolvedRequest, file: string): GraphQLParts {
  const body = request.body?.toString() ?? ''
  const at = request.bodyAt ?? { text: body, line: request.block.line, column: 1 }
  const operationName = request.directives.operation
  const trimmed = body.trim()
  if (request.block.method !== 'GRAPHQL' && trimmed.startsWith('{')) {
    const json = parseJson(trimmed)
    if (isGraphQLJson(json)) {
      return {
        query: json.query,
        at,
        variables: json.variables as Record<string, unknown> | undefined,
        operationName: json.operationName ?? operationName,
      }
    }
  }
  const parts = graphqlParts({ ...at, text: body })
  const parsed: GraphQLParts = { query: parts.query.text, at, operationName }
  if (parts.variables) {
    const variables = parseJson(parts.variables.text)
    if (typeof variables !== 'object' || variables === null || Array.isArray(variables)) {
      throw new RunFileError('The GraphQL variables are not a JSON object.', {
        file,
        line: parts.variables.line,
        column: 1,
      })
    }
    parsed.variables = variables as Record<string, unknown>
  }
  return parsed
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * Checks a GraphQL request with the GraphQLClient (`apictl gql`'s): parse,
 * the endpoint's schema, validate, variables coerced. A document error is
 * reported at its line and column in the request file.
 */
export async function checkGraphQLStep(
  request: ResolvedRequest,
  engines: RunEngines,
  file: string,
  options: { variables: boolean } = { variables: true },
): Promise<CheckedDocument | undefined> {
  const parts = partsOf(request, file)
  const url = request.url && engines.absolute(request.url)
  const settings: DocumentSettings = {
    common: engines.common,
    endpoint: url === engines.target.graphql ? undefined : url,
    headers: request.headers,
    validate: true,
    operationName: parts.operationName,
    variables: parts.variables,
    accepts: (type) => {
      if (type !== 'subscription') return
      throw new RunFileError(
        'A subscription cannot run in a request file (it runs over a WebSocket).',
        {
          file,
          line: parts.at.line,
          column: parts.at.column,
        },
        'Run it with apictl gql subscribe.',
      )
    },
  }
  try {
    return await engines.graphql.check({ text: parts.query, name: file }, settings)
  } catch (error) {
    if (!isGraphQLDocumentError(error)) throw error
    // Variables holding captured values not there yet are checked when sent.
    if (!options.variables && error.problems.every((problem) => problem.message.startsWith('Variable "$'))) {
      return undefined
    }
    const problem = error.problems[0]
    const location = problem?.locations[0]
    const line = parts.at.line + (location ? location.line - 1 : 0)
    const column = location ? location.column + (location.line === 1 ? parts.at.column - 1 : 0) : 1
    throw new RunFileError(error.message, { file, line, column }, error.hint)
  }
}

export async function sendGraphQLStep(
  request: ResolvedRequest,
  engines: RunEngines,
  file: string,
): Promise<StepAnswer> {
  const checked = (await checkGraphQLStep(request, engines, file))!
  const prepared = engines.graphql.prepare(checked)
  const started = performance.now()
  const result = await engines.graphql.send(prepared, checked.settings)
  const durationMs = performance.now() - started
  const graphql: NonNullable<RunAnswer['graphql']> = { data: result.data, errors: result.errors }
  if (result.extensions) graphql.extensions = result.extensions
  const answer: RunAnswer = {
    style: 'graphql',
    status: result.status,
    headers: answerHeaders(result.response.headers),
    bodyText: result.response.body.toString('utf8'),
    value: result.data,
    graphql,
    durationMs,
  }
  const step: StepAnswer = {
    answer,
    exitCode: result.exitCode,
    summary:
      result.errors.length > 0
        ? `GraphQL errors: ${result.errors.map((each) => each.message).join('; ')}`
        : `${result.status} ${result.response.statusText}`,
    request: prepared.request,
    response: responseRecord(result.response),
  }
  if (result.errors.length > 0) step.graphqlErrors = result.errors.map((each) => each.message)
  return step
}
