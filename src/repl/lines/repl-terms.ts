import { isApictlError } from '../../core/errors.js'

const rewordings: Array<[RegExp, string]> = [
  [/--var name=value, or --variables JSON/g, 'var NAME=VALUE (vars lists them)'],
  [/--var /g, 'var '],
  [/apictl soap ops/g, '.ops'],
  [/apictl gql schema/g, '.schema'],
]

/**
 * The protocol checks speak of the CLI (`--var`, `apictl soap ops`); in the
 * REPL the same advice is `var`, `.ops`, `.schema`. Rewords an ApictlError's
 * message and hint in place, and returns it.
 */
export function inReplTerms<E>(error: E): E {
  if (!isApictlError(error)) return error
  const reword = (text: string | undefined) =>
    text === undefined ? undefined : rewordings.reduce((out, [from, to]) => out.replace(from, to), text)
  return Object.assign(error, { message: reword(error.message), hint: reword(error.hint) })
}
