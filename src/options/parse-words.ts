import { Command, CommanderError, type Option } from 'commander'
import { UsageError } from '../core/errors.js'
import { commanderMessage } from './commander-message.js'

/** Adds a command's options (addRestOptions, addGqlOptions, …): the one declaration the CLI and the REPL share. */
export type DefineOptions = (command: Command) => Command

export interface ParsedWords<Values> {
  /** The words that are not options or option values, in order. */
  positionals: string[]
  /** Every option's value, typed by its declaration (defaults included). */
  values: Values
  /** The options given in the words (by commander's key: `maxPages`, `color`), not defaulted. */
  given: ReadonlySet<string>
}

/**
 * Reads words (a REPL line's) with the options the CLI declares for the
 * same command: commander itself parses them, so a line accepts exactly
 * what the command line accepts, typed the same way. commander's errors
 * become a UsageError worded as on the command line, with the hint that
 * `hint` makes from the declared options.
 */
export function parseWords<Values>(
  words: readonly string[],
  define: DefineOptions,
  hint: (declared: readonly Option[]) => string,
): ParsedWords<Values> {
  const command = define(new Command())
    .helpOption(false)
    .allowExcessArguments(true)
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({ writeOut: () => {}, writeErr: () => {}, outputError: () => {} })
    .action(() => {})
  try {
    command.parse([...words], { from: 'user' })
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error
    throw new UsageError(commanderMessage(error.message), { hint: hint(command.options) })
  }
  const values = command.opts<Values & object>()
  const given = new Set(Object.keys(values).filter((key) => command.getOptionValueSource(key) === 'cli'))
  return { positionals: [...command.args], values, given }
}

/** The options a definition declares, read from commander (for completion and help). */
export function declaredOptions(define: DefineOptions): readonly Option[] {
  return define(new Command()).options
}

/** `-H/--header --user … --no-color`: the options as a hint lists them. */
export function optionList(options: readonly Option[]): string {
  return options
    .map((option) => (option.short ? `${option.short}/${option.long}` : `${option.long}`))
    .join(' ')
}
