import { type Command, InvalidArgumentError } from 'commander'
import type { Context } from '../../core/context.js'
import { returningExitCode } from '../exit-code-action.js'

export function registerServeCommand(program: Command, ctx: Context): void {
  program
    .command('serve')
    .description('run the reference server (REST /v1 /v2, GraphQL /graphql, SOAP /soap) over one store')
    .option('--port <port>', 'port to listen on (0 picks a free one)', port, 4000)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option(
      '--data <file>',
      'keep the store in this file, made from the seed when missing: FILE.json a JSON document, any other name a SQLite database',
    )
    .option(
      '--seed <file.json>',
      'start a new store from this JSON document (a .json data file, or an array of items) instead of the built-in seed',
    )
    .option('--quiet', 'no request log on stderr')
    .addHelpText(
      'after',
      `
Examples:
  $ apictl serve                        in memory, on http://127.0.0.1:4000
  $ apictl serve --data items.db        a SQLite store (one server per file)
  $ apictl serve --port 0 --data items.json
  $ apictl serve --data items.db --seed items.json      a SQLite copy of a JSON store
  $ curl -i http://127.0.0.1:4000/v1/items/1`,
    )
    .action(
      returningExitCode(
        async (options: { port: number; host: string; data?: string; seed?: string; quiet?: boolean }) => {
          const { runServe } = await import('./serve.js')
          return await runServe(options, ctx)
        },
      ),
    )
}

function port(value: string): number {
  const number = Number(value)
  if (!Number.isInteger(number) || number < 0 || number > 65535) {
    throw new InvalidArgumentError('expected a port number from 0 to 65535.')
  }
  return number
}
