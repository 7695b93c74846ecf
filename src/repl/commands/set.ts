import { UsageError } from '../../core/errors.js'
import { formatJson } from '../../render/format-json.js'
import { mask } from '../../render/redact.js'
import type { ReplCommand } from '../command.js'
import { isSecretName } from '../text/redact-line.js'
import { readValuePath } from '../text/value-path.js'

const assignment = /^\s*([A-Za-z_][\w-]*)\s*=\s*([\s\S]*?)\s*$/

/** `set id = last.items.0.id`: keeps a value of the last result (or a JSON literal) for `{{id}}`. */
export const setCommand: ReplCommand = {
  name: 'set',
  synopsis: 'set NAME = last.PATH',
  summary: 'keep a value of the last result (or JSON) for {{NAME}}; set alone lists them',
  help: `Paths: last.items.0.id, last.items[0].id, last.item.name, or another variable's path.
Examples:
  get /v1/items
  set first = last.0.id
  get /v1/items/{{first}}
  set limit = 3`,
  group: 'values',
  input: 'text',
  async run(input, session, ctx) {
    if (input.text.trim() === '') {
      if (session.variables.size === 0)
        ctx.stderr.write('(no variables; keep one with set NAME = last.PATH)\n')
      for (const [name, value] of session.variables) ctx.stdout.write(`${name} = ${oneLineJson(value)}\n`)
      return 0
    }
    const match = assignment.exec(input.text)
    if (match === null || match[2] === '') {
      throw new UsageError(`set expects NAME = PATH, got '${input.text.trim()}'.`, {
        hint: 'For example: set id = last.items.0.id',
      })
    }
    const [, name, expression] = match
    if (name === 'last') throw new UsageError("'last' always names the last result; choose another name.")
    const value = evaluate(expression!, session)
    session.variables.set(name!, value)
    ctx.stderr.write(`${name} = ${isSecretName(name!) ? mask : shortValue(value)}\n`)
    return 0
  },
  complete: (request, session) => (request.words.length === 2 ? ['last.', ...session.variables.keys()] : []),
}

function oneLineJson(value: unknown): string {
  return formatJson(value, { colour: false }).replace(/\n\s*/g, ' ')
}

/** A kept value for the confirmation: one line of JSON, cut at 100 characters. */
function shortValue(value: unknown): string {
  const text = oneLineJson(value)
  return text.length > 100 ? `${text.slice(0, 99)}…` : text
}

function evaluate(expression: string, session: Parameters<typeof readValuePath>[0]): unknown {
  const root = /^[A-Za-z_][\w-]*/.exec(expression)?.[0]
  if (root !== undefined && (root === 'last' || session.variables.has(root)))
    return readValuePath(session, expression)
  try {
    return JSON.parse(expression) as unknown
  } catch {
    return readValuePath(session, expression)
  }
}
