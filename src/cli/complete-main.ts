import { Command } from 'commander'
import { type Context, processContext } from '../core/context.js'
import { addRestOptions } from '../options/rest-options.js'
import { runCompleteWords } from './commands/completion-words.js'

/**
 * The entry of dist/cli/apictl-complete.cjs, which bin/load-cli.cjs loads for
 * `apictl __complete -- WORD…` (the shell scripts' Tab) instead of a whole
 * CLI bundle: only `rest`'s options (to know which take a value) and what
 * reads the cached document. The full program answers the same command
 * (completion-command.ts) through the same runCompleteWords.
 */
export async function main(argv: string[], ctx: Context = processContext()): Promise<number> {
  const program = new Command('apictl')
  addRestOptions(program.command('rest'))
  const words = argv.slice(1)
  return runCompleteWords(words[0] === '--' ? words.slice(1) : words, program, ctx)
}
