import type { Command } from 'commander'

/** `apictl repl`'s options, as commander hands them over. */
export interface ReplOptionValues {
  profile?: string
  echo?: boolean
  session?: string
}

export function addReplOptions(command: Command): Command {
  return command
    .option('--profile <name>', 'use this profile (also APICTL_PROFILE)')
    .option('--echo', 'print each line after its prompt before its output (for scripted sessions)')
    .option('--session <name>', 'keep cookies and headers per host in sessions/NAME.json (every line)')
}
