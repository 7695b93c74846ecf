import { UsageError } from '../../core/errors.js'
import type { ReplCommand } from '../command.js'

const item = /^\$?([_A-Za-z][_0-9A-Za-z]*)(:?=)([\s\S]*)$/

/** `var id=1`, `var filter:={"tag":"office"}`: GraphQL variables, coerced by each document's declared types. */
export const varCommand: ReplCommand = {
  name: 'var',
  synopsis: 'var NAME=VALUE',
  summary: 'a variable for the documents that declare it (NAME:=JSON for JSON; var NAME shows it)',
  help: `Values are coerced by the type the document declares ($id: ID! → "1", $limit: Int → 3).
Examples:
  var id=1
  var limit=3
  var input:={"name": "Pen", "price": 2.5}
  gql query ($id: ID!) { item(id: $id) { name } }`,
  group: 'gql',
  validate(input) {
    if (input.words.length !== 1) {
      throw new UsageError('var takes one NAME=VALUE.', {
        hint: "Quote a value with spaces: var name='Blue pen'",
      })
    }
  },
  async run(input, session, ctx) {
    const word = input.words[0]!
    const match = item.exec(word)
    if (match === null) {
      const name = word.replace(/^\$/, '')
      if (!session.graphqlVariables.has(name)) {
        throw new UsageError(`No GraphQL variable '${name}'.`, {
          hint: 'Set one: var NAME=VALUE (vars lists them).',
        })
      }
      ctx.stdout.write(`${session.graphqlVariables.get(name)}\n`)
      return 0
    }
    session.graphqlVariables.set(match[1]!, `${match[1]}${match[2]}${match[3]}`)
    return 0
  },
  complete: (_request, session) => [...session.graphqlVariables.keys()],
}
