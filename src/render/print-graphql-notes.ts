import type { Context } from '../core/context.js'

/** --dry-run/--curl with no schema at hand: the document was only parsed. */
export function noteNotValidated(ctx: Context, endpoint: string, cachesSchema: boolean): void {
  ctx.stderr.write(
    cachesSchema
      ? `note: not validated against the schema: none is cached for ${endpoint}, and --dry-run/--curl send nothing (apictl gql schema fetches and caches it).\n`
      : 'note: not validated against the schema: --dry-run/--curl do not start the built-in server (--schema FILE validates offline).\n',
  )
}

/** --variables names the operation does not declare: sent anyway (servers ignore them), with a warning. */
export function warnUndeclaredVariables(
  ctx: Context,
  names: readonly string[],
  operationName?: string,
): void {
  const listed = names.map((name) => `$${name}`).join(', ')
  const operation = operationName === undefined ? 'the operation' : `operation ${operationName}`
  ctx.stderr.write(
    `warning: --variables gives ${listed}, which ${operation} does not declare (sent anyway).\n`,
  )
}

/** A schema loaded although graphql-js's own checks found problems in it (a published SDL): each said once, when it loads. */
export function warnSchemaProblems(ctx: Context, warnings: readonly string[]): void {
  for (const warning of warnings) ctx.stderr.write(`warning: ${warning}\n`)
}
