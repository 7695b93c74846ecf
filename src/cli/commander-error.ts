import type { Command } from 'commander'
import { commanderMessage } from '../options/commander-message.js'

/** commander's own errors as apictl writes its errors, with a `try:` line naming the command's --help. */
export function formatCommanderError(text: string, commandPath: string): string {
  return `error: ${commanderMessage(text)}\n  try:   ${commandPath} --help\n`
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
