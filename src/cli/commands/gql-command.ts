import type { Command } from 'commander'
import type { Context } from '../../core/context.js'
import {
  addGqlOptions,
  addGqlSchemaOptions,
  addGqlSubscribeOptions,
  type GqlOptionValues,
} from '../../options/gql-options.js'
import { returningExitCode } from '../exit-code-action.js'

export function registerGqlCommand(program: Command, ctx: Context): void {
  const gql = program
    .command('gql')
    .description('send a GraphQL query or mutation: apictl gql [QUERY]')
    .argument('[query]', 'the document; else -f FILE, else stdin')
  addGqlOptions(gql)
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
        return await runGql(query, command.opts<GqlOptionValues>(), ctx)
      }),
    )

  addGqlSchemaOptions(
    subcommand(gql, 'schema', 'print the schema as SDL (-o json: the introspection result)'),
  ).action(
    returningExitCode(async (_options: unknown, command: Command) => {
      const { runGqlSchema } = await import('./gql-schema.js')
      return await runGqlSchema(command.optsWithGlobals<GqlOptionValues>(), ctx)
    }),
  )
  subcommand(gql, 'validate', 'validate a document against the schema; send nothing')
    .argument('[query]', 'the document; else -f FILE, else stdin')
    .action(
      returningExitCode(async (query: string | undefined, _options: unknown, command: Command) => {
        const { runGqlValidate } = await import('./gql-validate.js')
        return await runGqlValidate(query, command.optsWithGlobals<GqlOptionValues>(), ctx)
      }),
    )
  subcommand(gql, 'build', 'build a query or mutation interactively from the schema, then send it').action(
    returningExitCode(async (_options: unknown, command: Command) => {
      const { runGqlBuild } = await import('./gql-build.js')
      return await runGqlBuild(command.optsWithGlobals<GqlOptionValues>(), ctx)
    }),
  )
  addGqlSubscribeOptions(
    subcommand(
      gql,
      'subscribe',
      'run a subscription over graphql-ws, printing events as they arrive',
    ).argument('[subscription]', 'the document; else -f FILE, else stdin'),
  ).action(
    returningExitCode(async (query: string | undefined, _options: unknown, command: Command) => {
      const { runGqlSubscribe } = await import('./gql-subscribe.js')
      return await runGqlSubscribe(query, command.optsWithGlobals<GqlOptionValues>(), ctx)
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
