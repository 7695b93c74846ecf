import { type Context, colourEnabled } from '../core/context.js'
import { exitCodeOfError, isCancelledError } from '../core/errors.js'
import { VERSION } from '../core/version.js'
import type { Prompter } from '../prompt/prompter.js'
import { reportError } from '../render/report-error.js'
import { createTheme } from '../render/theme.js'
import { wrapWords } from '../render/wrap-words.js'
import { complete } from './complete/completer.js'
import { Dispatcher } from './dispatch.js'
import { END, INTERRUPTED, LineReader, type ReadResult } from './line-reader.js'
import { replCommands } from './registry.js'
import { ReplSession } from './session.js'
import { HistoryFile, historyPath, oneLine } from './store/history-file.js'

export interface ReplOptions {
  profileName?: string
  /** Writes each line after its prompt before running it, so a scripted session reads as a transcript. */
  echo?: boolean
  /** --session NAME: every line's cookies and headers kept in that named session. */
  session?: string
  /** Answers for guided input instead of the terminal (tests). */
  prompter?: Prompter
}

/**
 * `apictl repl`: reads lines (from a terminal with editing, completion
 * and history, or from a script), runs each through the registry, and
 * reports a failing line the way the CLI would before reading the next.
 * Ctrl-D, `.exit` or the end of the input leave with status 0.
 */
export async function runRepl(options: ReplOptions, ctx: Context): Promise<number> {
  const terminal = Boolean(ctx.stdin.isTTY && ctx.stdout.isTTY)
  const dispatcher = new Dispatcher(replCommands)
  const session = await ReplSession.open(
    { profileName: options.profileName, terminal, prompter: options.prompter, session: options.session },
    ctx,
  )
  const theme = createTheme(colourEnabled(ctx.stderr, ctx.env, undefined))
  const historyFile = new HistoryFile(historyPath(ctx.env))
  // Only a terminal session adds to the history; any session's .history shows it.
  const history = terminal ? historyFile : undefined
  session.earlierHistory = await historyFile.load().catch(() => [])
  let pending = ''
  let running: AbortController | undefined
  const reader = new LineReader({
    input: ctx.stdin,
    output: ctx.stdout as unknown as NodeJS.WritableStream,
    terminal,
    history: terminal ? [...session.earlierHistory] : [],
    completer: (line, signal) => complete(line, pending, session, dispatcher, signal),
    onInterrupt: () => running?.abort(),
    interruptHint: theme.dim('(Ctrl-D or .exit leaves)'),
  })
  session.terminal = reader
  if (terminal) ctx.stderr.write(banner(session, theme.dim, ctx.stderr.columns))
  let historyBroken = false
  try {
    for (;;) {
      const prompt = session.prompt()
      const entry = await readEntry(reader, session, dispatcher, (text) => {
        pending = text
      })
      if (entry === END) break
      // Blank lines and `# comments` (as in .http files and shell scripts) are skipped, typed or scripted.
      if (entry === INTERRUPTED || entry.trim() === '' || isComment(entry)) continue
      session.entries.push(entry)
      history?.append(entry).catch((error: Error) => {
        if (!historyBroken) ctx.stderr.write(`warning: history not saved: ${error.message}\n`)
        historyBroken = true
      })
      if (options.echo) ctx.stdout.write(`${prompt}${entry.replaceAll('\n', `\n${continuation(prompt)}`)}\n`)
      running = new AbortController()
      await execute(entry, session, dispatcher, { ...ctx, signal: running.signal }, theme.dim)
      running = undefined
      if (session.leaving) break
    }
  } finally {
    reader.close()
    await session.close()
    await history?.trim().catch(() => undefined)
  }
  return 0
}

/** One entry: a line, or the lines of a GraphQL document until its braces balance. */
async function readEntry(
  reader: LineReader,
  session: ReplSession,
  dispatcher: Dispatcher,
  setPending: (text: string) => void,
): Promise<ReadResult> {
  const lines: string[] = []
  try {
    for (;;) {
      setPending(lines.join('\n'))
      const prompt = session.prompt()
      const line = await reader.next(lines.length === 0 ? prompt : continuation(prompt))
      if (line === INTERRUPTED) return INTERRUPTED
      if (line === END) return lines.length === 0 ? END : lines.join('\n')
      lines.push(line)
      const text = lines.join('\n')
      if (!dispatcher.continues(text, session.style)) {
        reader.joinHistory(lines.length, oneLine(text))
        return text
      }
    }
  } finally {
    setPending('')
  }
}

/** Runs one entry; an error is reported as the CLI reports it, with the exit code after it, and the session goes on. */
async function execute(
  entry: string,
  session: ReplSession,
  dispatcher: Dispatcher,
  ctx: Context,
  dim: (text: string) => string,
): Promise<number> {
  let code: number
  try {
    code = await dispatcher.run(entry, session, ctx)
  } catch (error) {
    if (isCancelledError(error)) {
      // Ctrl-C: the user stopped it on purpose; one line, nothing to advise.
      ctx.stderr.write(`${dim(`cancelled: ${error.request}`)}\n`)
      return error.exitCode
    }
    reportError(error, ctx)
    code = exitCodeOfError(error)
  }
  if (code !== 0) ctx.stderr.write(`${dim(`[exit ${code}]`)}\n`)
  return code
}

/** A line whose first non-blank character is `#`. */
function isComment(entry: string): boolean {
  return entry.trimStart().startsWith('#')
}

/** `local rest> ` → `         ... `, for the lines that continue a document. */
function continuation(prompt: string): string {
  return `${' '.repeat(Math.max(0, prompt.length - 4))}... `
}

/** Who and where, and the first tips; wrapped at words to the terminal's width. */
function banner(session: ReplSession, dim: (text: string) => string, columns: number | undefined): string {
  const { target } = session
  const where = target.builtin
    ? `the built-in reference server at ${target.rest}`
    : [
        ['rest', target.rest],
        ['graphql', target.graphql],
        ['soap', target.soap],
      ]
        .filter(([, url]) => url !== undefined)
        .map(([kind, url]) => `${kind} ${url}`)
        .join(', ')
  const width = (columns ?? 100) - 1
  const title = wrapWords(`apictl ${VERSION} · profile ${session.profileName}: ${where}`, width)
  const tips = wrapWords(
    '.help lists the commands · Tab completes · use gql|soap|rest switches style · Ctrl-D leaves',
    width,
  )
  return `${[...title, ...tips.map(dim)].join('\n')}\n`
}
