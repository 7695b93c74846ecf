import { UsageError } from '../../core/errors.js'
import { mask } from '../../render/redact.js'
import type { ReplCommand } from '../command.js'
import type { ReplSession } from '../session.js'
import { isSecretName } from '../text/redact-line.js'
import { scanWords } from '../text/split-words.js'

const assignment = /^\$?([_A-Za-z][_0-9A-Za-z]*)(:?=)([\s\S]*)$/
const name = /^\$?([_A-Za-z][_0-9A-Za-z]*)$/

/**
 * `var id=1`, `var filter:={"tag": "office"}`: GraphQL variables, coerced by
 * each document's declared types. The value is the rest of the line as typed
 * (JSON keeps its quotes and spaces); a value quoted as a whole is unquoted
 * (`var name='Blue pen'`). Kept as `NAME=VALUE` / `NAME:=JSON`, which is what
 * `vars` prints and `var` reads back.
 */
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
  input: 'text',
  async run(input, session, ctx) {
    const text = input.text.trim()
    const match = assignment.exec(text)
    if (match === null) {
      const shown = name.exec(text)?.[1]
      if (shown === undefined) {
        throw new UsageError('var takes one NAME=VALUE.', {
          hint: `For example: var limit=3, var name=Blue pen, var input:={"name": "Pen"}`,
        })
      }
      if (!session.graphqlVariables.has(shown)) {
        throw new UsageError(`No GraphQL variable '${shown}'.`, {
          hint: 'Set one: var NAME=VALUE (vars lists them).',
        })
      }
      ctx.stdout.write(`${session.graphqlVariables.get(shown)}\n`)
      return 0
    }
    const [, variable, operator, raw] = match as unknown as [string, string, string, string]
    const value = unquoted(raw)
    if (operator === ':=') checkJson(variable, value)
    const item = `${variable}${operator}${value}`
    session.graphqlVariables.set(variable, item)
    ctx.stderr.write(`${shownItem(variable, operator, value)}\n`)
    return 0
  },
  complete: (_request, session: ReplSession) => [...session.graphqlVariables.keys()],
}

/** `'Blue pen'` → `Blue pen` when the quotes hold the whole value; anything else as typed. */
function unquoted(raw: string): string {
  const { words, openQuote } = scanWords(raw)
  const only = words[0]
  if (openQuote !== undefined || words.length !== 1 || only === undefined) return raw
  return /^['"]/.test(raw) && only.end === raw.length ? only.value : raw
}

function checkJson(variable: string, value: string): void {
  try {
    JSON.parse(value)
  } catch (error) {
    throw new UsageError(`var ${variable}:=${value}: the value is not JSON (${(error as Error).message}).`, {
      hint: `Write it as JSON, e.g. var ${variable}:={"tag": "office"}, or a text value with =: var ${variable}=text`,
    })
  }
}

/** The confirmation: the item as `vars` lists it, a secret's value hidden. */
function shownItem(variable: string, operator: string, value: string): string {
  return `${variable}${operator}${isSecretName(variable) ? mask : value}`
}
