import type { Command } from 'commander'

/** `apictl repl`'s options, as commander hands them over. */
export interface ReplOptionValues {
  profile?: string
  echo?: boolean
}

export function addReplOptions(command: Command): Command {
  return command
    .option('--profile <name>', 'use this profile (also APICTL_PROFILE)')
    .option('--echo', 'print each line after its prompt before its output (for scripted sessions)')
}
