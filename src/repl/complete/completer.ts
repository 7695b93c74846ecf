import type { GqlOptionValues } from '../../options/gql-options.js'
import type { CompletionRequest } from '../command.js'
import type { Dispatcher } from '../dispatch.js'
import type { ReplSession } from '../session.js'
import { splitGqlLine } from '../text/graphql-text.js'
import { scanWords, splitWords } from '../text/split-words.js'

/** What readline takes back from a completer: the candidates, and the end of the line they replace. */
export type Completion = [string[], string]

const documentStart = /^\s*(\{|query\b|mutation\b|subscription\b|fragment\b)/

/**
 * Tab completion generated from the registry (evans' completer): the first
 * word from the command names, later words from the command's own
 * `complete`, a GraphQL document from the schema at the cursor's position.
 * `pending` holds the earlier lines of a document still open. A schema or
 * WSDL not loaded yet is fetched with Tab's shorter time limit, and `signal`
 * (Ctrl-C) stops the wait. Never throws: a completion that cannot be worked
 * out (or was cancelled) offers nothing.
 */
export async function complete(
  line: string,
  pending: string,
  session: ReplSession,
  dispatcher: Dispatcher,
  signal?: AbortSignal,
): Promise<Completion> {
  try {
    return await completeEntry(pending === '' ? line : `${pending}\n${line}`, session, dispatcher, signal)
  } catch {
    return [[], '']
  }
}

async function completeEntry(
  entry: string,
  session: ReplSession,
  dispatcher: Dispatcher,
  signal: AbortSignal | undefined,
): Promise<Completion> {
  const gqlText = /^\s*gql(?=[\s{])/.test(entry)
    ? entry.replace(/^\s*gql/, '')
    : session.style === 'gql' && documentStart.test(entry)
      ? entry
      : undefined
  if (gqlText !== undefined) return completeDocument(gqlText, session, signal)
  const { words, openQuote } = scanWords(entry)
  if (openQuote !== undefined) return [[], '']
  const typing = words.length > 0 && words.at(-1)!.end === entry.length ? words.pop()! : undefined
  const partial = typing?.value ?? ''
  const replaced = typing === undefined ? '' : entry.slice(typing.start)
  if (words.length === 0) {
    const operations =
      session.style === 'soap' && !partial.startsWith('.')
        ? await dispatcher.find('soap')!.complete!(
            { name: 'soap', words: [], partial, text: entry, signal, commands: dispatcher },
            session,
          )
        : []
    return [spaced(filter([...operations, ...firstWords(session, dispatcher, partial)], partial)), replaced]
  }
  const [first, ...rest] = words.map((word) => word.value)
  const command = dispatcher.find(first!)
  const request: CompletionRequest = {
    name: first!,
    words: rest,
    partial,
    text: entry,
    signal,
    commands: dispatcher,
  }
  let candidates: string[] = []
  if (command?.complete) candidates = await command.complete(request, session)
  else if (command === undefined) {
    const bare = bareCommand(first!, session, dispatcher)
    if (bare)
      candidates = await bare.complete!(
        { ...request, name: bare.name, words: words.map((word) => word.value) },
        session,
      )
  }
  return [spaced(filter(candidates, partial)), replaced]
}

/**
 * The one candidate left, followed by a space when it is a whole word (a
 * command, a SOAP operation, an option, a value), as a shell completes one:
 * not after `id=`, `order.` or a path, which go on.
 */
function spaced(candidates: string[]): string[] {
  const [only] = candidates
  if (candidates.length !== 1 || only!.startsWith('/') || !/[\w-]$/.test(only!)) return candidates
  return [`${only} `]
}

/** The first word: command names, and what a bare line may start with in the session's style. */
function firstWords(session: ReplSession, dispatcher: Dispatcher, partial: string): string[] {
  if (session.style === 'rest' && partial.startsWith('/')) return session.paths.list()
  const names = partial === '' ? dispatcher.mainNames() : dispatcher.names()
  return partial.startsWith('.') ? names.filter((name) => name.startsWith('.')) : names
}

/** In soap style a bare line is `soap …`, in rest style a bare path is `get …`. */
function bareCommand(first: string, session: ReplSession, dispatcher: Dispatcher) {
  if (session.style === 'soap') return dispatcher.find('soap')
  if (session.style === 'rest' && first.startsWith('/')) return dispatcher.find('get')
  return undefined
}

async function completeDocument(
  text: string,
  session: ReplSession,
  signal: AbortSignal | undefined,
): Promise<Completion> {
  const [{ completeGraphQL }, { sessionSchema }, { GQL_LINE_OPTIONS, commonOptions, parseLine }] =
    await Promise.all([
      import('./graphql-completion.js'),
      import('../lines/graphql-schema.js'),
      import('../lines/line-options.js'),
    ])
  const { before, document } = splitGqlLine(text)
  if (document === '') return [[], '']
  const { values } = parseLine<GqlOptionValues>(splitWords(before), GQL_LINE_OPTIONS, 'gql')
  const endpoint = values.endpoint
  const common = endpoint === undefined ? undefined : session.requestOptions(commonOptions(values))
  const { schema } = await sessionSchema(
    session,
    { ...session.ctx, signal },
    { forCompletion: true, endpoint, common },
  )
  const { candidates, partial } = completeGraphQL(schema, document)
  return [filter(candidates, partial), partial]
}

/** Candidates that start with what was typed (in any case when none match its case), each once. */
function filter(candidates: readonly string[], partial: string): string[] {
  const exact = candidates.filter((candidate) => candidate.startsWith(partial))
  if (exact.length > 0) return [...new Set(exact)]
  const lower = partial.toLowerCase()
  return [...new Set(candidates.filter((candidate) => candidate.toLowerCase().startsWith(lower)))]
}
