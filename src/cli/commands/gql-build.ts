import type { Context } from '../../core/context.js'
import { UsageError } from '../../core/errors.js'
import { ExitCode } from '../../core/exit-codes.js'
import { buildOperation } from '../../protocols/graphql/client/builder/build-operation.js'
import { inquirerPrompter } from '../../protocols/graphql/client/builder/inquirer-prompter.js'
import type { Prompter } from '../../protocols/graphql/client/builder/prompter.js'
import { executeDocument, withGqlSession } from './gql.js'

/**
 * `apictl gql build`: builds a query or mutation from the schema with
 * prompts, prints it on stdout, and offers to send it (then as `apictl gql`
 * would). Needs a terminal on stdin; the prompts go to stderr so stdout
 * carries only the document and the result.
 */
export async function runGqlBuild(
  raw: Record<string, unknown>,
  ctx: Context,
  scripted?: Prompter,
): Promise<number> {
  if (!ctx.stdin.isTTY) {
    throw new UsageError('gql build is interactive: it needs a terminal on stdin, and stdin is not one.', {
      hint: "Run it in a terminal, or write the document yourself: apictl gql '{ items { id name } }'",
    })
  }
  return withGqlSession({ ...raw, validate: true }, ctx, async (session) => {
    const prompter = scripted ?? terminalPrompter(ctx)
    const loaded = await session.schema()
    if (loaded === undefined) {
      throw new UsageError(`gql build needs the schema of ${session.endpoint}, and none is cached.`, {
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
    const send = await prompter
      .confirm(`Send this ${built.operation} to ${session.endpoint}?`, true)
      .catch((error: Error) => {
        if (error.name === 'ExitPromptError') return 'cancelled' as const
        throw error
      })
    if (send === 'cancelled') return ExitCode.Interrupted
    if (!send) return ExitCode.Ok
    return await executeDocument(session, { text: built.document, name: 'built document' }, ctx)
  })
}

function terminalPrompter(ctx: Context): Prompter {
  return inquirerPrompter({
    input: ctx.stdin,
    output: ctx.stderr as unknown as NodeJS.WritableStream,
  })
}
