import type { Command } from 'commander'
import type { Context } from '../../core/context.js'
import { addReplOptions, type ReplOptionValues } from '../../options/repl-options.js'
import { returningExitCode } from '../exit-code-action.js'

export function registerReplCommand(program: Command, ctx: Context): void {
  addReplOptions(
    program
      .command('repl')
      .description(
        'an interactive session for all three styles (also: apictl with no arguments, in a terminal)',
      ),
  )
    .allowExcessArguments(false)
    .addHelpText(
      'after',
      `
In the session (.help lists everything; Tab completes):
  get /v1/items page==2            post /v1/items name=Pen price:=2.5
  gql { items(limit: 3) { id name } }                  var id=1
  soap GetItem id=1                .ops               .schema
  set id = last.0.id               get /v1/items/{{id}}
  use gql | use soap | use rest    .auth basic demo:demo    .save NAME / .run NAME

Not on a terminal it reads lines from stdin, prints each result and exits 0 at the end:
  $ printf 'get /v1/items/1\\ngql { itemCount }\\n' | apictl repl`,
    )
    .action(
      returningExitCode(async (options: ReplOptionValues) => {
        const { runRepl } = await import('./repl.js')
        return await runRepl(
          { profileName: options.profile, echo: options.echo === true, session: options.session },
          ctx,
        )
      }),
    )
}
