import type { Command } from 'commander'

/**
 * commander's own errors (a missing argument, an unknown option, a bad
 * option value) written as apictl writes its errors: a capitalised sentence
 * with a full stop, commander's did-you-mean kept, and a `try:` line naming
 * the command's --help.
 */
export function formatCommanderError(text: string, commandPath: string): string {
  const [first = '', ...rest] = text.trim().split('\n')
  let message = first.replace(/^error:\s*/i, '').replace(/ is invalid\. (\S)/, ' is invalid: $1')
  message = message.charAt(0).toUpperCase() + message.slice(1)
  if (!/[.?!)]$/.test(message)) message += '.'
  const suggestion = rest
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' ')
  return `error: ${message}${suggestion ? ` ${suggestion}` : ''}\n  try:   ${commandPath} --help\n`
}

/** `apictl profile show` for the `show` command. */
export function commandPath(command: Command): string {
  const names: string[] = []
  for (let each: Command | null = command; each; each = each.parent) names.unshift(each.name())
  return names.join(' ')
}

/** Gives every command (and its subcommands) the formatter, naming its own --help. */
export function applyCommanderErrorFormat(command: Command, write: (text: string) => void): void {
  const path = commandPath(command)
  command.configureOutput({
    ...command.configureOutput(),
    outputError: (text) => write(formatCommanderError(text, path)),
  })
  for (const sub of command.commands) applyCommanderErrorFormat(sub, write)
}
