import { UsageError } from '../../core/errors.js'
import type { ReplCommand } from '../command.js'

/** `build`: the field picker of `apictl gql build`, then the document is sent as a `gql` line. */
export const buildCommand: ReplCommand = {
  name: 'build',
  synopsis: 'build',
  summary: 'pick a query or mutation from the schema, field by field, then send it',
  group: 'gql',
  validate(input) {
    if (input.words.length > 0) throw new UsageError('build takes no arguments.')
  },
  async run(_input, session, ctx) {
    const [{ buildOperation }, { sessionSchema }, { runGraphQLText }] = await Promise.all([
      import('../../protocols/graphql/client/builder/build-operation.js'),
      import('../lines/graphql-schema.js'),
      import('../lines/graphql-document.js'),
    ])
    const { schema } = await sessionSchema(session, ctx)
    const built = await session
      .withPrompter('build', async (prompter) => {
        const operation = await buildOperation(schema, prompter)
        ctx.stdout.write(`${operation.document}\n`)
        return (await prompter.confirm(`Send this ${operation.operation}?`, true)) ? operation : undefined
      })
      .catch((error: Error) => {
        if (error.name !== 'ExitPromptError') throw error
        ctx.stderr.write('build: cancelled.\n')
        return undefined
      })
    if (built === undefined) return 0
    session.lastRequest = `gql ${built.document}`
    return runGraphQLText(built.document, session, ctx)
  },
}
