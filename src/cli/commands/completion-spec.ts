import { type Command, Help } from 'commander'
import { SUGGESTED_VALUES } from '../../options/value-hints.js'
import { REST_FIRST_WORDS } from '../rest-first-words.js'

/** One option as a shell completes it. */
export interface OptionSpec {
  long?: string | undefined
  short?: string | undefined
  description: string
  /** It is followed by a value. */
  takesValue: boolean
  choices?: readonly string[] | undefined
}

/** One command (or subcommand) of the CLI, by its path: `apictl soap call`. */
export interface CommandSpec {
  path: string[]
  description: string
  subcommands: Array<{ name: string; description: string }>
  options: OptionSpec[]
  /** Values for the first argument (`rest`'s methods). */
  firstArgument?: readonly string[] | undefined
  /** Its words come from `apictl __complete` too (`rest`: the OpenAPI document's paths and fields). */
  fromDocument?: boolean
}

const firstArguments: Record<string, readonly string[]> = {
  'apictl rest': REST_FIRST_WORDS,
  'apictl completion': ['bash', 'zsh', 'fish'],
  'apictl help': ['rest', 'gql', 'soap', 'run', 'profile', 'serve', 'repl', 'completion'],
}

/** Every command of the program with its subcommands and options, read from commander itself. */
export function commandSpecs(program: Command, path: string[] = [program.name()]): CommandSpec[] {
  // commander's own reading of what is hidden; its implicit `help` command is listed by firstArguments.
  const visible = new Help().visibleCommands(program).filter((command) => program.commands.includes(command))
  const spec: CommandSpec = {
    path,
    description: program.description(),
    subcommands: visible.map((command) => ({ name: command.name(), description: command.description() })),
    options: [
      ...program.options.map((option) => ({
        long: option.long,
        short: option.short,
        description: option.description,
        takesValue: option.required || option.optional,
        // Declared choices, else the values suggested for a free one (--accept json, --print hb).
        choices: option.argChoices ?? SUGGESTED_VALUES[option.long ?? ''],
      })),
      { long: '--help', short: '-h', description: 'display help for command', takesValue: false },
    ],
    firstArgument: firstArguments[path.join(' ')],
    fromDocument: path.join(' ') === 'apictl rest',
  }
  return [spec, ...visible.flatMap((command) => commandSpecs(command, [...path, command.name()]))]
}

/** Options that take a value, over all commands: the shell completes their values, not the next option. */
export function valueOptions(specs: readonly CommandSpec[]): Map<string, OptionSpec> {
  const options = new Map<string, OptionSpec>()
  for (const spec of specs) {
    for (const option of spec.options) {
      if (!option.takesValue) continue
      for (const flag of [option.long, option.short])
        if (flag !== undefined && !options.has(flag)) options.set(flag, option)
    }
  }
  return options
}
