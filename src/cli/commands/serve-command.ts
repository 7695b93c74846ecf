import type { Command } from 'commander'
import type { Context } from '../../core/context.js'
import { addServeOptions, type ServeOptionValues } from '../../options/serve-options.js'
import { returningExitCode } from '../exit-code-action.js'

export function registerServeCommand(program: Command, ctx: Context): void {
  addServeOptions(
    program
      .command('serve')
      .description('run the reference server (REST /v1 /v2, GraphQL /graphql, SOAP /soap) over one store'),
  )
    .addHelpText(
      'after',
      `
Examples:
  $ apictl serve                        in memory, on http://127.0.0.1:4000
  $ apictl serve --data items.db        a SQLite store (one server per file)
  $ apictl serve --port 0 --data items.json
  $ apictl serve --data items.db --seed items.json      a SQLite copy of a JSON store
  $ apictl serve --host 0.0.0.0 --public-host api.example.test
  $ curl -i http://127.0.0.1:4000/v1/items/1`,
    )
    .action(
      returningExitCode(async (options: ServeOptionValues) => {
        const { runServe } = await import('./serve.js')
        return await runServe(options, ctx)
      }),
    )
}
