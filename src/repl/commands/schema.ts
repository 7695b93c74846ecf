import { UsageError } from '../../core/errors.js'
import type { ReplCommand } from '../command.js'

/** `.schema`: the GraphQL schema as SDL, as `apictl gql schema` prints it. */
export const schemaCommand: ReplCommand = {
  name: '.schema',
  synopsis: '.schema [refresh]',
  summary: 'the schema as SDL (refresh: read it again)',
  group: 'gql',
  validate(input) {
    if (input.words.length > 1 || (input.words.length === 1 && input.words[0] !== 'refresh')) {
      throw new UsageError('.schema takes nothing, or refresh.')
    }
  },
  async run(input, session, ctx) {
    const [{ sessionSchema }, { printGraphQLSchema }] = await Promise.all([
      import('../lines/graphql-schema.js'),
      import('../../render/print-graphql-schema.js'),
    ])
    const loaded = await sessionSchema(session, ctx, { refresh: input.words[0] === 'refresh' })
    printGraphQLSchema(loaded, {}, ctx)
    return 0
  },
  complete: (request) => (request.words.length === 0 ? ['refresh'] : []),
}
