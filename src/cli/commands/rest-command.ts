import type { Command } from 'commander'
import type { Context } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import { addRestOptions, type RestOptionValues } from '../../options/rest-options.js'
import { returningExitCode } from '../exit-code-action.js'

export function registerRestCommand(program: Command, ctx: Context): void {
  const rest = program
    .command('rest')
    .description('send a REST request: apictl rest METHOD URL-OR-PATH [ITEM ...]')
    .argument(
      '<method>',
      'get, post, put, patch, delete, head or options (any case), or left out: GET, or POST with a body; or `lint PATH`, `ops [PATH]`',
    )
    .argument(
      '[url-or-path]',
      "full URL, :port/path (localhost), or a path resolved against the profile's REST base",
    )
    .argument(
      '[items...]',
      "request items: Name:value header, name==value query, field=value, field:=json, field=@file, 'Name:' unsets",
    )
  addRestOptions(rest)
    .allowExcessArguments(false)
    .addHelpText(
      'after',
      `
Examples:
  $ apictl rest get /v1/items page==2 limit==5
  $ apictl rest :4000/v1/items/1                           GET (the method left out; :4000 is localhost)
  $ echo '{"name":"Pen"}' | apictl rest :4000/v1/items     POST with the piped body
  $ apictl rest post /v1/items name=Pen price:=2.5 tags:='["office"]' --user demo:demo
  $ apictl rest patch /v1/items/1 description:=null --token "$TOKEN"
  $ apictl rest get https://api.example.com/v1/orders --all -o table
  $ apictl rest get /v1/items X-Trace:1 'User-Agent:'      set one header, drop another
  $ apictl rest lint /v1/getUsers.json                      check a path against the conventions
  $ apictl rest ops                                         the operations the OpenAPI document declares
  $ apictl rest ops /v1/items --openapi ./openapi.yaml      one path in detail

\`rest lint PATH\` prints its findings (and a suggested path) on stdout and exits 0:
the conventions are advice, never an error. Before a request to the profile's
REST API the same findings go to stderr; --no-lint silences them, --lint
checks a full URL to another API too.`,
    )
    .action(
      returningExitCode(
        async (method: string, target: string | undefined, items: string[], options: RestOptionValues) => {
          if (method.toLowerCase() === 'ops') {
            const { runRestOps } = await import('./rest-ops.js')
            return await runRestOps(target, items, options, ctx)
          }
          if (method.toLowerCase() === 'lint') {
            const { runRestLint } = await import('./rest-lint.js')
            return await runRestLint(target === undefined ? items : [target, ...items], ctx)
          }
          const { runRest } = await import('./rest.js')
          return await runRest(method, target, items, options, ctx)
        },
      ),
    )
}
