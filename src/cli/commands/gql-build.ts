import type { Context } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import { ExitCode } from '../../core/exit-codes.js'
import type { GqlOptionValues } from '../../options/gql-options.js'
import { inquirerPrompter } from '../../prompt/inquirer-prompter.js'
import type { Prompter } from '../../prompt/prompter.js'
import { buildOperation } from '../../protocols/graphql/client/builder/build-operation.js'
import { sendDocument, withGqlClient } from './gql.js'
import { subscribeDocument } from './gql-subscribe.js'

/**
 * `apictl gql build`: builds a query, mutation or subscription from the schema with
 * prompts, prints it on stdout, and offers to send it (then as `apictl gql`
 * would). Needs a terminal on stdin; the prompts go to stderr so stdout
 * carries only the document and the result.
 */
export async function runGqlBuild(raw: GqlOptionValues, ctx: Context, scripted?: Prompter): Promise<number> {
  if (!ctx.stdin.isTTY) {
    throw new UsageError('gql build is interactive: it needs a terminal on stdin, and stdin is not one.', {
      hint: "Run it in a terminal, or write the document yourself: apictl gql '{ items { id name } }'",
    })
  }
  return withGqlClient({ ...raw, validate: true }, ctx, async (gql) => {
    const prompter = scripted ?? terminalPrompter(ctx)
    const loaded = await gql.client.schema(gql.settings)
    if (loaded === undefined) {
      throw new UsageError(`gql build needs the schema of ${await gql.endpoint()}, and none is cached.`, {
        hint: 'Run it without --dry-run/--curl once (or apictl gql schema), or pass --schema FILE.graphql.',
      })
    }
    let built: Awaited<ReturnType<typeof buildOperation>>
    try {
      built = await buildOperation(loaded.schema, prompter)
    } catch (error) {
      if ((error as Error).name !== 'ExitPromptError') throw error
      ctx.stderr.write('gql build: cancelled.\n')
      return ExitCode.Interrupted
    }
    ctx.stdout.write(`${built.document}\n`)
    const question = gql.client.offline
      ? `Print the request for this ${built.operation} (${gql.settings.common.curl ? '--curl' : '--dry-run'}: nothing is sent)?`
      : built.operation === 'subscription'
        ? `Subscribe at ${await gql.endpoint()} (Ctrl-C stops)?`
        : `Send this ${built.operation} to ${await gql.endpoint()}?`
    let answer: boolean
    try {
      answer = await prompter.confirm(question, true)
    } catch (error) {
      if ((error as Error).name !== 'ExitPromptError') throw error
      return ExitCode.Interrupted
    }
    if (!answer) return ExitCode.Ok
    const document = { text: built.document, name: 'built document' }
    if (built.operation === 'subscription') return await subscribeDocument(gql, document)
    return await sendDocument(gql, document)
  })
}

function terminalPrompter(ctx: Context): Prompter {
  return inquirerPrompter({
    input: ctx.stdin,
    output: ctx.stderr as unknown as NodeJS.WritableStream,
  })
}
