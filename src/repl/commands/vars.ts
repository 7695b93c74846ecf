import { UsageError } from '../../core/errors.js'
import type { ReplCommand } from '../command.js'

/** `vars`: the GraphQL variables kept; `vars clear` forgets them. */
export const varsCommand: ReplCommand = {
  name: 'vars',
  synopsis: 'vars [clear]',
  summary: 'list the variables (clear forgets them)',
  group: 'gql',
  validate(input) {
    if (input.words.length > 1 || (input.words.length === 1 && input.words[0] !== 'clear')) {
      throw new UsageError(`vars takes nothing, or clear.`)
    }
  },
  async run(input, session, ctx) {
    if (input.words[0] === 'clear') {
      session.graphqlVariables.clear()
      return 0
    }
    if (session.graphqlVariables.size === 0) {
      ctx.stderr.write('(no GraphQL variables; set one with var NAME=VALUE)\n')
      return 0
    }
    ctx.stdout.write(`${[...session.graphqlVariables.values()].join('\n')}\n`)
    return 0
  },
  complete: () => ['clear'],
}
