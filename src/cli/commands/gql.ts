import type { Context } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import { type GqlSession, openGqlSession } from '../../exchange/graphql/gql-session.js'
import { runExchange } from '../../exchange/run-exchange.js'
import { buildGraphQLRequest } from '../../protocols/graphql/client/build-graphql-request.js'
import { checkOperation } from '../../protocols/graphql/client/check-operation.js'
import { type DocumentSource, isGraphQLDocumentError } from '../../protocols/graphql/client/document-error.js'
import { parseDocument } from '../../protocols/graphql/client/parse-document.js'
import { sendGraphQLRequest } from '../../protocols/graphql/client/send-graphql-request.js'
import { printDocumentError } from '../../render/print-graphql-problems.js'
import { printGraphQLResult } from '../../render/print-graphql-result.js'
import { readDocument, readVariablesOption } from './gql-input.js'

/** `apictl gql [QUERY]`: read → parse → validate → build → send (graphql-request over the transport) → print → exit code. */
export async function runGql(
  query: string | undefined,
  raw: Record<string, unknown>,
  ctx: Context,
): Promise<number> {
  return withGqlSession(raw, ctx, async (session) => {
    const source = await readDocument(query, session.options.file, ctx)
    return await executeDocument(session, source, ctx)
  })
}

/** Checks a document and, unless --dry-run/--curl stop it, sends it and prints the result. */
export async function executeDocument(
  session: GqlSession,
  source: DocumentSource,
  ctx: Context,
): Promise<number> {
  const { options, common } = session
  const checked = await checkSessionDocument(session, source, ctx)
  if (checked.type === 'subscription') {
    throw new UsageError('This is a subscription; it runs over a WebSocket.', {
      hint: `Run it with apictl gql subscribe (same arguments).`,
    })
  }
  if (options.get && checked.type === 'mutation') {
    throw new UsageError('--get sends queries only; a mutation must be a POST.', {
      hint: 'Drop --get.',
    })
  }
  const call = session.call({
    query: source.text,
    variables: checked.variables,
    operationName: checked.name,
    method: options.get ? 'GET' : 'POST',
  })
  return runExchange(
    {
      request: buildGraphQLRequest(call),
      common,
      profile: session.profile,
      send: (_request, transport) => sendGraphQLRequest(call, transport),
      present: (result) => printGraphQLResult(result, common, ctx, source),
      label: `${call.method} ${call.url}`,
    },
    ctx,
  )
}

/** --dry-run/--curl with no schema at hand: the document was only parsed. */
/** Parses the document and checks it against the session's schema (unless --no-validate) and variables. */
export async function checkSessionDocument(session: GqlSession, source: DocumentSource, ctx: Context) {
  const { options } = session
  const parsed = parseDocument(source)
  const loaded = options.validate ? await session.schema() : undefined
  if (options.validate && loaded === undefined) noteNotValidated(session, ctx)
  const checked = checkOperation(parsed, {
    schema: loaded?.schema,
    schemaHint: loaded?.hint,
    operationName: options.operation,
    variables: await readVariablesOption(options.variables, ctx),
    variableOptions: options.var,
  })
  if (checked.undeclared.length > 0) {
    const names = checked.undeclared.map((name) => `$${name}`).join(', ')
    const operation = checked.name === undefined ? 'the operation' : `operation ${checked.name}`
    ctx.stderr.write(
      `warning: --variables gives ${names}, which ${operation} does not declare (sent anyway).\n`,
    )
  }
  return checked
}

export function noteNotValidated(session: GqlSession, ctx: Context): void {
  ctx.stderr.write(
    session.cachesSchema
      ? `note: not validated against the schema: none is cached for ${session.endpoint}, and --dry-run/--curl send nothing (apictl gql schema fetches and caches it).\n`
      : 'note: not validated against the schema: --dry-run/--curl do not start the built-in server (--schema FILE validates offline).\n',
  )
}

/**
 * Runs a gql command with its session (profile, endpoint, schema access),
 * closing the session afterwards and printing a document error with its
 * source line and caret.
 */
export function withGqlSession(
  raw: Record<string, unknown>,
  ctx: Context,
  run: (session: GqlSession) => Promise<number>,
  opening: { sends?: boolean } = {},
): Promise<number> {
  return reportingDocumentErrors(raw, ctx, async () => {
    const session = await openGqlSession(raw, ctx, opening)
    try {
      return await run(session)
    } finally {
      await session.close()
    }
  })
}

/** Runs a gql command, printing a document error (with source line and caret) as the CLI's error boundary would, but coloured. */
async function reportingDocumentErrors(
  raw: Record<string, unknown>,
  ctx: Context,
  run: () => Promise<number>,
): Promise<number> {
  try {
    return await run()
  } catch (error) {
    if (isGraphQLDocumentError(error)) {
      printDocumentError(error, ctx, raw.color === false ? false : undefined)
      return error.exitCode
    }
    throw error
  }
}
