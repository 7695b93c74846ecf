import { type Command, InvalidArgumentError } from 'commander'
import type { Context } from '../../core/context.js'
import { returningExitCode } from '../exit-code-action.js'

export function registerServeCommand(program: Command, ctx: Context): void {
  program
    .command('serve')
    .description('run the reference server (REST /v1 /v2, GraphQL /graphql, SOAP /soap) over one store')
    .option('--port <port>', 'port to listen on (0 picks a free one)', port, 4000)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--data <file.json>', 'keep the store in this file (created from the seed when missing)')
    .option(
      '--public-host <name>',
      'also answer to this Host name (repeatable; .example.com: the domain and its subdomains)',
      collect,
      [],
    )
    .option('--quiet', 'no request log on stderr')
    .addHelpText(
      'after',
      `
Examples:
  $ apictl serve                        in memory, on http://127.0.0.1:4000
  $ apictl serve --port 0 --data items.json
  $ apictl serve --host 0.0.0.0 --public-host api.example.test
  $ curl -i http://127.0.0.1:4000/v1/items/1`,
    )
    .action(
      returningExitCode(
        async (options: {
          port: number
          host: string
          data?: string
          quiet?: boolean
          publicHost: string[]
        }) => {
          const { runServe } = await import('./serve.js')
          return await runServe(options, ctx)
        },
      ),
    )
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value]
}

function port(value: string): number {
  const number = Number(value)
  if (!Number.isInteger(number) || number < 0 || number > 65535) {
    throw new InvalidArgumentError('expected a port number from 0 to 65535.')
  }
  return number
}
