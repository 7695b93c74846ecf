import { type Command, InvalidArgumentError } from 'commander'
import type { Context } from '../../core/context.js'
import { addCommonOptions } from '../../options/common-options.js'
import { returningExitCode } from '../exit-code-action.js'

export interface RestCommandOptions {
  data?: string
  page?: number
  limit?: number
  all?: boolean
  maxPages: number
  accept?: string
  apiVersion?: string
  lint: boolean
  follow?: boolean
}

export function registerRestCommand(program: Command, ctx: Context): void {
  const rest = program
    .command('rest')
    .description('send a REST request: apictl rest METHOD URL-OR-PATH [ITEM ...]')
    .argument('<method>', 'get, post, put, patch, delete, head or options (any case); or `lint PATH`')
    .argument('<url-or-path>', "full URL, or a path resolved against the profile's REST base")
    .argument(
      '[items...]',
      "request items: Name:value header, name==value query, field=value, field:=json, field=@file, 'Name:' unsets",
    )
    .option('--data <json>', 'request body: JSON text, @file, or - for stdin')
    .option('--page <n>', 'add page=N to the query', positiveInteger)
    .option('--limit <n>', 'add limit=N to the query', positiveInteger)
    .option('--all', 'follow Link rel="next" (or page numbers) and print the merged list')
    .option('--max-pages <n>', 'at most this many pages with --all', positiveInteger, 100)
    .option('--accept <type>', 'json, xml or a MIME type (default application/json)')
    .option('--api-version <n>', 'rewrite a leading /vK/ path segment to /vN/')
    .option('--no-lint', 'do not check the path against the REST conventions')
    .option('--follow', 'follow redirects (at most 10; -v shows each hop)')
  addCommonOptions(rest)
    .allowExcessArguments(false)
    .addHelpText(
      'after',
      `
Examples:
  $ apictl rest get /v1/items page==2 limit==5
  $ apictl rest post /v1/items name=Pen price:=2.5 tags:='["office"]' --user demo:demo
  $ apictl rest patch /v1/items/1 description:=null --token "$TOKEN"
  $ apictl rest get https://api.example.com/v1/orders --all -o table
  $ apictl rest get /v1/items X-Trace:1 'User-Agent:'      set one header, drop another
  $ apictl rest lint /v1/getUsers.json                      check a path against the conventions

\`rest lint PATH\` prints its findings (and a suggested path) on stdout and exits 0:
the conventions are advice, never an error. Before a request the same
findings go to stderr; --no-lint silences them.`,
    )
    .action(
      returningExitCode(
        async (method: string, target: string, items: string[], options: Record<string, unknown>) => {
          if (method.toLowerCase() === 'lint') {
            const { runRestLint } = await import('./rest-lint.js')
            return await runRestLint([target, ...items], ctx)
          }
          const { runRest } = await import('./rest.js')
          return await runRest(method, target, items, options, ctx)
        },
      ),
    )
}

function positiveInteger(value: string): number {
  const number = Number(value)
  if (!Number.isInteger(number) || number < 1)
    throw new InvalidArgumentError('expected a whole number, 1 or more.')
  return number
}
