import type { Command } from 'commander'

/** Options that may come before the command (`apictl --profile X rest …`), and whether each takes a value. */
const GLOBAL_OPTIONS: ReadonlyMap<string, boolean> = new Map([
  ['--profile', true],
  ['--timeout', true],
  ['-v', false],
  ['--verbose', false],
  ['--no-color', false],
  ['--insecure', false],
])

/**
 * `apictl --profile X -v rest get /x` → `apictl rest --profile X -v get /x`:
 * the options HTTPie users put first are moved to just after the command
 * they apply to (through `soap call`, `gql schema` and the like), where that
 * command declares them. Bare global options (`apictl --profile X`) open the
 * REPL as `apictl repl --profile X` would. Anything else is left for
 * commander to parse or reject, with its own message.
 */
export function hoistGlobalOptions(argv: readonly string[], program: Command): string[] {
  const leading: string[] = []
  let index = 0
  while (index < argv.length) {
    const word = argv[index]!
    const [name, inline] = splitInline(word)
    const takesValue = GLOBAL_OPTIONS.get(name)
    if (takesValue === undefined) break
    if (takesValue && inline === undefined) {
      if (index + 1 >= argv.length) break
      leading.push(word, argv[index + 1]!)
      index += 2
    } else {
      leading.push(word)
      index += 1
    }
  }
  if (leading.length === 0) return [...argv]
  const rest = argv.slice(index)
  if (rest.length === 0) return ['repl', ...leading]
  let command: Command = program
  let at = 0
  while (at < rest.length) {
    const sub = command.commands.find(
      (each) => each.name() === rest[at] || each.aliases().includes(rest[at]!),
    )
    if (sub === undefined) break
    command = sub
    at += 1
  }
  if (command === program) return [...argv]
  return [...rest.slice(0, at), ...leading, ...rest.slice(at)]
}

function splitInline(word: string): [string, string | undefined] {
  const at = word.indexOf('=')
  return word.startsWith('--') && at > 0 ? [word.slice(0, at), word.slice(at + 1)] : [word, undefined]
}
