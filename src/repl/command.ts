import type { Context } from '../core/context.js'
import type { LineOptions } from './lines/line-options.js'
import type { ReplSession } from './session.js'

/** Where `.help` lists a command. */
export type CommandGroup = 'rest' | 'gql' | 'soap' | 'values' | 'session' | 'saved'

export interface CommandInput {
  /** The name as typed (`get`, `.header`). */
  name: string
  /** The words after the name, split like a shell (quotes removed). */
  words: string[]
  /** Everything after the name, as typed (a GraphQL document). */
  text: string
  /** The registry the line was read by (`.help` lists it, `.run` runs a saved line through it). */
  commands: CommandIndex
}

export interface CompletionRequest {
  /** The command name as typed (`post`). */
  name: string
  /** The complete words between the command name and the word being typed. */
  words: string[]
  /** The word being typed, up to the cursor (quotes removed). */
  partial: string
  /** Everything after the command name up to the cursor, as typed (earlier lines of a document included). */
  text: string
  /** Aborted by Ctrl-C while Tab waits (for a schema or WSDL to load). */
  signal?: AbortSignal
  /** The registry (`.help` completes command names from it). */
  commands: CommandIndex
}

/**
 * One REPL command (evans' `commander`): what `.help` and the completer are
 * generated from, plus how it checks and runs a line. Requests print
 * through the CLI's printers and return the CLI's exit code.
 */
export interface ReplCommand {
  readonly name: string
  readonly aliases?: readonly string[]
  /** How it is written: `.header Name: value`. */
  readonly synopsis: string
  /** One line for `.help`. */
  readonly summary: string
  /** More for `.help NAME`: details and examples. */
  readonly help?: string
  /** A request line's options (the CLI command's): `.help NAME` lists them, Tab offers them. */
  readonly options?: LineOptions
  readonly group: CommandGroup
  /** `text`: the command gets the rest of the line as typed (GraphQL); default `words`. */
  readonly input?: 'words' | 'text'
  /** A request: kept as the last request (for `.save`) and given `{{…}}` values. */
  readonly request?: boolean
  /** `{{…}}` is left as typed (`.save` keeps placeholders). */
  readonly literal?: boolean
  /** Throws a UsageError when the line cannot work; called before run. */
  validate?(input: CommandInput, session: ReplSession): void
  run(input: CommandInput, session: ReplSession, ctx: Context): Promise<number>
  /** Candidates for the word being typed. */
  complete?(request: CompletionRequest, session: ReplSession): Promise<string[]> | string[]
}

/** The registry as commands see it (`.help` lists it, `.run` runs a saved line through it). */
export interface CommandIndex {
  all(): readonly ReplCommand[]
  find(name: string): ReplCommand | undefined
  /** Runs a line as if it had been typed (`.run NAME`). */
  run(line: string, session: ReplSession, ctx: Context): Promise<number>
}
