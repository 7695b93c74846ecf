import { Command } from 'commander'
import type { Context } from '../core/context.js'
import { VERSION } from '../core/version.js'
import { applyCommanderErrorFormat } from './commander-error.js'
import { registerCompletionCommand } from './commands/completion-command.js'
import { registerGqlCommand } from './commands/gql-command.js'
import { registerProfileCommand } from './commands/profile-command.js'
import { registerReplCommand } from './commands/repl-command.js'
import { registerRestCommand } from './commands/rest-command.js'
import { registerRunCommand } from './commands/run-command.js'
import { registerServeCommand } from './commands/serve-command.js'
import { registerSoapCommand } from './commands/soap-command.js'
import { returningExitCode } from './exit-code-action.js'

/**
 * commander wiring only. Each command's module is imported inside its action,
 * so `apictl --help` and `--version` load none of got, graphql or xml-js.
 * Each action returns its exit code (returningExitCode); main reads it.
 */
export function buildProgram(ctx: Context): Command {
  const program = new Command('apictl')
    .description('One terminal tool for GraphQL, versioned REST and SOAP 1.1/1.2 APIs.')
    .version(VERSION, '-V, --version', 'print the version')
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureOutput({
      writeOut: (text) => ctx.stdout.write(text),
      writeErr: (text) => ctx.stderr.write(text),
    })
    .addHelpText(
      'after',
      `
Examples:
  $ apictl rest get /v1/items                 REST against the built-in server
  $ apictl rest post /v1/items name=Pen price:=2.5 --user demo:demo
  $ apictl gql '{ items(limit: 3) { id name } }'
  $ apictl soap call GetItem id=1
  $ apictl run api.http --report junit out.xml   the requests of a .http file, with asserts
  $ apictl serve --port 4000                  run the reference server

Exit codes: 0 ok, 2 usage, 3 network, 4 rejected (4xx), 5 server failed (5xx), 6 bad response, 1 bug.`,
    )
  registerRestCommand(program, ctx)
  registerGqlCommand(program, ctx)
  registerSoapCommand(program, ctx)
  registerRunCommand(program, ctx)
  registerProfileCommand(program, ctx)
  registerServeCommand(program, ctx)
  registerReplCommand(program, ctx)
  registerCompletionCommand(program, ctx)
  openReplWhenBare(program, ctx)
  applyCommanderErrorFormat(program, (text) => ctx.stderr.write(text))
  return program
}

/**
 * `apictl` alone opens the REPL when stdin is a terminal, and prints the
 * help otherwise, as before. Set after the subcommands are registered (they
 * copy the parent's settings when made): an unknown command is still
 * reported by commander, with its did-you-mean.
 */
function openReplWhenBare(program: Command, ctx: Context): void {
  program.allowExcessArguments(true).action(
    returningExitCode(async (_options: unknown, command: Command) => {
      if (command.args.length > 0) (command as Command & { unknownCommand(): never }).unknownCommand()
      if (!ctx.stdin.isTTY) command.help({ error: true })
      const { runRepl } = await import('./commands/repl.js')
      return await runRepl({}, ctx)
    }),
  )
}
