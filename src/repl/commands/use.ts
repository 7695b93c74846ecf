import { UsageError } from '../../core/errors.js'
import type { ReplCommand } from '../command.js'
import { STYLES, type Style } from '../style.js'

const bare: Record<Style, string> = {
  rest: 'a bare path is a GET: /v1/items/1',
  gql: 'a bare line is a GraphQL document: { items { id name } }',
  soap: 'a bare line is a SOAP call: GetItem id=1',
}

/** `use gql`: the style bare lines are read in (and the prompt shows). */
export const useCommand: ReplCommand = {
  name: 'use',
  synopsis: 'use rest|gql|soap',
  summary: 'read bare lines in this style (the prompt shows it)',
  help: `In rest style ${bare.rest}; in gql style ${bare.gql}; in soap style ${bare.soap}.`,
  group: 'session',
  validate(input) {
    const [style] = input.words
    if (input.words.length !== 1 || !STYLES.includes(style as Style)) {
      throw new UsageError(
        `use takes one of ${STYLES.join(', ')}${style === undefined ? '' : `, not '${input.words.join(' ')}'`}.`,
        {
          hint: 'For example: use gql',
        },
      )
    }
  },
  async run(input, session, ctx) {
    session.style = input.words[0] as Style
    if (session.options.terminal) ctx.stderr.write(`${bare[session.style]}\n`)
    return 0
  },
  complete: (request) => (request.words.length === 0 ? [...STYLES] : []),
}
