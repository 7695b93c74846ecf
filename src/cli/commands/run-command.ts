import type { Command } from 'commander'
import type { Context } from '../../core/context.js'
import { addRunOptions, type RunOptionValues } from '../../options/run-options.js'
import { returningExitCode } from '../exit-code-action.js'

export function registerRunCommand(program: Command, ctx: Context): void {
  const run = program
    .command('run')
    .description('run the requests of .http files (REST, GraphQL, SOAP) with asserts: apictl run FILE...')
    .argument(
      '[files...]',
      '.http files (JetBrains HTTP Client / httpYac syntax, plus GRAPHQL and SOAP blocks)',
    )
  addRunOptions(run)
    .addHelpText(
      'after',
      `
Examples:
  $ apictl run api.http                                  every request, in file order
  $ apictl run api.http --env dev --var token=abc        http-client.env.json's "dev", and one value over it
  $ apictl run api.http --report junit results.xml       a JUnit report for CI (json and html too)
  $ apictl run api.http --dry-run                        check syntax, variables, schema, WSDL; send nothing
  $ apictl run api.http --name created --bail            one named request (and the ones it uses)
  $ apictl run load.http --parallel 8 --repeat 10
  $ apictl run --from-curl 'curl -X POST https://h/v1/items -H "Content-Type: application/json" -d "{}"' >> api.http

A file: requests separated by ###, # @name NAME to capture an answer
({{NAME.path}} later), @var = value, ?? asserts (status == 201, body $.id exists,
xpath //tns:price == 9.5, fault code == Client, errors.length == 0, duration < 500),
GRAPHQL [URL] blocks with the query as body, SOAP Operation [URL] blocks with
param=value lines. Exit 0 when every assert holds, 1 when one fails, 2 for a
problem in the file (nothing sent), 3 for a network error.`,
    )
    .action(
      returningExitCode(async (files: string[], options: RunOptionValues) => {
        const { runRun } = await import('./run.js')
        return await runRun(files, options, ctx)
      }),
    )
}
