import { Argument, type Command } from 'commander'
import type { Context } from '../../core/context.js'
import { returningExitCode } from '../exit-code-action.js'

export function registerCompletionCommand(program: Command, ctx: Context): void {
  program
    .command('completion')
    .description('print shell completion for apictl: apictl completion bash|zsh|fish')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(['bash', 'zsh', 'fish']))
    .allowExcessArguments(false)
    .addHelpText(
      'after',
      `
Load it:
  bash   source <(apictl completion bash)             (add the line to ~/.bashrc)
  zsh    source <(apictl completion zsh)              (add the line to ~/.zshrc)
  fish   apictl completion fish > ~/.config/fish/completions/apictl.fish`,
    )
    .action(
      returningExitCode(async (shell: 'bash' | 'zsh' | 'fish', _options: unknown, command: Command) => {
        const [{ commandSpecs }, scripts] = await Promise.all([
          import('./completion-spec.js'),
          import('./completion-scripts.js'),
        ])
        const specs = commandSpecs(command.parent!)
        const write = { bash: scripts.bashScript, zsh: scripts.zshScript, fish: scripts.fishScript }[shell]
        ctx.stdout.write(write(specs))
        return 0
      }),
    )
  program
    .command('__complete', { hidden: true })
    .description('the candidates for the last word of a command line (used by the completion scripts)')
    .argument('[words...]')
    .helpOption(false)
    .allowUnknownOption()
    .action(
      returningExitCode(async (words: string[] = []) => {
        const { runCompleteWords } = await import('./completion-words.js')
        return await runCompleteWords(words, program, ctx)
      }),
    )
}
