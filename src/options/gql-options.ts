import type { Command } from 'commander'
import { addCommonOptions, type CommonOptionValues } from './common-options.js'
import { collect, positiveInteger } from './option-parsers.js'

/**
 * `apictl gql` and a REPL `gql` line: their options, as commander hands them
 * over (the gql subcommands see the parent's through optsWithGlobals).
 */
export interface GqlOptionValues extends CommonOptionValues {
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

/** The options of a GraphQL request (`apictl gql`, a REPL `gql` line): GraphQL's own, then the common ones. */
export function addGqlOptions(command: Command): Command {
  command
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
  return addCommonOptions(command)
}

/** `apictl gql schema`'s own option. */
export function addGqlSchemaOptions(command: Command): Command {
  return command.option('--refresh', 'fetch the schema again instead of using the cached copy')
}

/** `apictl gql subscribe`'s own option. */
export function addGqlSubscribeOptions(command: Command): Command {
  return command.option('--count <n>', 'stop after N events', positiveInteger)
}
