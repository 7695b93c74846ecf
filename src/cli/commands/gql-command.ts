import { type Command, InvalidArgumentError } from 'commander'
import type { Context } from '../../core/context.js'
import { addCommonOptions } from '../../options/common-options.js'
import { returningExitCode } from '../exit-code-action.js'

/** `apictl gql` options, as commander hands them over (subcommands see the parent's through optsWithGlobals). */
export interface GqlCommandOptions {
  file?: string
  endpoint?: string
  var?: string[]
  variables?: string
  operation?: string
  get?: boolean
  schema?: string
  /** false with --no-validate. */
  validate: boolean
  /** gql schema --refresh. */
  refresh?: boolean
  /** gql subscribe --count N. */
  count?: number
}

export function registerGqlCommand(program: Command, ctx: Context): void {
  const gql = program
    .command('gql')
    .description('send a GraphQL query or mutation: apictl gql [QUERY]')
    .argument('[query]', 'the document; else -f FILE, else stdin')
    .option('-f, --file <file>', 'read the document from a file')
    .option('-e, --endpoint <url>', "the GraphQL endpoint (default: the profile's graphql URL)")
    .option(
      '--var <name=value>',
      'a variable, coerced by its declared type; name:=JSON for raw JSON (repeatable)',
      collect,
    )
    .option('--variables <json>', 'variables as a JSON object, or @file')
    .option('--operation <name>', 'the operation to run when the document holds several')
    .option('--get', 'send a query as GET with URL parameters (adds apollo-require-preflight: true)')
    .option(
      '--schema <file>',
      'validate against this SDL file (or introspection .json) instead of the endpoint',
    )
    .option('--no-validate', 'do not validate against the schema (the syntax is still checked)')
  addCommonOptions(gql)
    .addHelpText(
      'after',
      `
Examples:
  $ apictl gql '{ items(limit: 3) { id name } }'
  $ apictl gql 'query ($id: ID!) { item(id: $id) { name price } }' --var id=1
  $ apictl gql -f create.graphql --variables @vars.json --user demo:demo
  $ apictl gql '{ items { id name } }' -o table
  $ apictl gql '{ itemCount }' --get -e https://api.example.com/graphql
  $ apictl gql schema                          the schema as SDL
  $ apictl gql validate -f query.graphql       validate only, send nothing
  $ apictl gql build                           build a query interactively
  $ apictl gql subscribe 'subscription { itemChanged { type item { id name } } }' --count 1`,
    )
    .action(
      returningExitCode(async (query: string | undefined, _options: unknown, command: Command) => {
        const { runGql } = await import('./gql.js')
        return await runGql(query, command.opts(), ctx)
      }),
    )

  subcommand(gql, 'schema', 'print the schema as SDL (-o json: the introspection result)')
    .option('--refresh', 'fetch the schema again instead of using the cached copy')
    .action(
      returningExitCode(async (_options: unknown, command: Command) => {
        const { runGqlSchema } = await import('./gql-schema.js')
        return await runGqlSchema(command.optsWithGlobals(), ctx)
      }),
    )
  subcommand(gql, 'validate', 'validate a document against the schema; send nothing')
    .argument('[query]', 'the document; else -f FILE, else stdin')
    .action(
      returningExitCode(async (query: string | undefined, _options: unknown, command: Command) => {
        const { runGqlValidate } = await import('./gql-validate.js')
        return await runGqlValidate(query, command.optsWithGlobals(), ctx)
      }),
    )
  subcommand(gql, 'build', 'build a query or mutation interactively from the schema, then send it').action(
    returningExitCode(async (_options: unknown, command: Command) => {
      const { runGqlBuild } = await import('./gql-build.js')
      return await runGqlBuild(command.optsWithGlobals(), ctx)
    }),
  )
  subcommand(gql, 'subscribe', 'run a subscription over graphql-ws, printing events as they arrive')
    .argument('[subscription]', 'the document; else -f FILE, else stdin')
    .option('--count <n>', 'stop after N events', positiveInteger)
    .action(
      returningExitCode(async (query: string | undefined, _options: unknown, command: Command) => {
        const { runGqlSubscribe } = await import('./gql-subscribe.js')
        return await runGqlSubscribe(query, command.optsWithGlobals(), ctx)
      }),
    )
}

/** A gql subcommand: the parent's options (-e, -H, -o, …) apply, given before or after its name. */
function subcommand(gql: Command, name: string, description: string): Command {
  return gql
    .command(name)
    .description(description)
    .allowExcessArguments(false)
    .configureHelp({ showGlobalOptions: true })
}

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value]
}

function positiveInteger(value: string): number {
  const number = Number(value)
  if (!Number.isInteger(number) || number < 1)
    throw new InvalidArgumentError('expected a whole number, 1 or more.')
  return number
}
