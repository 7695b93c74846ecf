import { localPath } from '../../config/paths.js'
import type { Context } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import { STREAM_WINDOW } from '../../core/size.js'
import { GraphQLClient } from '../../exchange/graphql/graphql-client.js'
import { readDocument, readVariablesOption } from '../../exchange/graphql/graphql-input.js'
import type {
  DocumentSettings,
  GraphQLWords,
  OperationType,
} from '../../exchange/graphql/graphql-settings.js'
import { openLazyTarget } from '../../exchange/open-target.js'
import { normalizeCommonOptions } from '../../options/common-options.js'
import type { GqlOptionValues } from '../../options/gql-options.js'
import { type DocumentSource, isGraphQLDocumentError } from '../../protocols/graphql/client/document-error.js'
import { noteServeDefault } from '../../render/note-serve-default.js'
import { printDocumentError } from '../../render/print-graphql-problems.js'
import { printGraphQLResult } from '../../render/print-graphql-result.js'

/** `apictl gql [QUERY]`: read the document; the client checks, prepares and sends it; print the outcome. */
export async function runGql(query: string | undefined, raw: GqlOptionValues, ctx: Context): Promise<number> {
  return withGqlClient(raw, ctx, async (gql) =>
    sendDocument(gql, await readDocument(query, gql.options.file, ctx)),
  )
}

/** One CLI run's client (disk cache, no memory: one run) and the settings its options make. */
export interface GqlRun {
  client: GraphQLClient
  options: GqlOptionValues
  settings: DocumentSettings
  /** The endpoint's URL, for messages (for the built-in profile, known once its server started). */
  endpoint(): Promise<string>
  /** The endpoint is the local profile's embedded server (over the local store). */
  embedded: boolean
  ctx: Context
}

/** Checks a document and, unless --dry-run/--curl stop it, sends it and prints the outcome; also `gql build`'s. */
export async function sendDocument(gql: GqlRun, source: DocumentSource): Promise<number> {
  const { client, ctx } = gql
  const settings = await documentSettings(gql)
  const checked = await client.check(source, { ...settings, accepts: refuseSubscription })
  return client.exchange(
    client.prepare(checked),
    settings,
    (result) => printGraphQLResult(result, settings.common, ctx, source),
    {
      above: STREAM_WINDOW,
      present: async (answer) => {
        const { printGraphQLStream } = await import('../../render/print-graphql-stream.js')
        return printGraphQLStream(answer, settings.common, ctx, source)
      },
    },
  )
}

/** The run's settings with --variables read (JSON, or @file). */
export async function documentSettings(gql: GqlRun): Promise<DocumentSettings> {
  return { ...gql.settings, variables: await readVariablesOption(gql.options.variables, gql.ctx) }
}

function refuseSubscription(type: OperationType): void {
  if (type !== 'subscription') return
  throw new UsageError('This is a subscription; it runs over a WebSocket.', {
    hint: 'Run it with apictl gql subscribe (same arguments).',
  })
}

const CLI_WORDS: GraphQLWords = {
  noEndpoint: (profile) => `Pass -e URL, or set one: apictl profile add ${profile} --graphql URL`,
}

/**
 * Runs a gql command with its client, closing the target (the embedded
 * server) afterwards, and prints a document error with its source line and
 * caret, coloured as the command asks. `sends: false`: the command sends
 * nothing itself (gql validate), so with --schema it needs no server.
 */
export async function withGqlClient(
  raw: GqlOptionValues,
  ctx: Context,
  run: (gql: GqlRun) => Promise<number>,
  opening: { sends?: boolean } = {},
): Promise<number> {
  try {
    const common = normalizeCommonOptions(raw)
    const options = raw
    const needsNoEndpoint =
      opening.sends === false && (options.schema !== undefined || options.validate === false)
    const offline = common.dryRun || common.curl || needsNoEndpoint
    // The built-in server starts when the client first needs the target: after the local checks
    // (the document's syntax, --variables, --var), so a typo starts nothing and sends nothing.
    const lazy = await openLazyTarget({ profileName: common.profile }, ctx)
    try {
      const builtin = lazy.current.builtin
      // gql validate --schema FILE uses no profile: nothing to say about one.
      if (builtin && offline && !needsNoEndpoint && options.endpoint === undefined) noteServeDefault(ctx)
      const startsServer = !offline && options.endpoint === undefined
      const target = startsServer ? () => lazy.start() : lazy.current
      const client = new GraphQLClient({ target, ctx, cache: 'disk', offline, words: CLI_WORDS })
      const settings: DocumentSettings = {
        common,
        endpoint: options.endpoint,
        validate: options.validate,
        schemaFile: options.schema === undefined ? undefined : localPath(options.schema, ctx),
        operationName: options.operation,
        variableOptions: options.var,
        get: options.get,
      }
      const endpoint = async () => (await client.endpoint(settings)).url
      const embedded = builtin && options.endpoint === undefined
      return await run({ client, options, settings, endpoint, embedded, ctx })
    } finally {
      await lazy.close()
    }
  } catch (error) {
    if (isGraphQLDocumentError(error)) {
      printDocumentError(error, ctx, raw.color === false ? false : undefined)
      return error.exitCode
    }
    throw error
  }
}
