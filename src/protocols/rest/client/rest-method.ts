import { didYouMean } from '../../../config/did-you-mean.js'
import { UsageError } from '../../../core/errors.js'

export const REST_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const
export type RestMethod = (typeof REST_METHODS)[number]

/** `get`, `Get`, `GET` → `GET`; anything else is a usage error naming the choices. */
export function parseRestMethod(text: string): RestMethod {
  const method = text.toUpperCase()
  if ((REST_METHODS as readonly string[]).includes(method)) return method as RestMethod
  throw new UsageError(`'${text}' is not an HTTP method apictl sends.${methodSuggestion(text)}`, {
    hint: `Use one of: ${REST_METHODS.map((m) => m.toLowerCase()).join(', ')} (any case), or \`apictl rest lint PATH\`.`,
  })
}

/** ` Did you mean "get"?` for a near miss, letters swapped included (`gte`, `pots`), or ''. */
function methodSuggestion(text: string): string {
  const names = [...REST_METHODS.map((m) => m.toLowerCase()), 'lint']
  const letters = (word: string) => [...word.toLowerCase()].sort().join('')
  const swapped = names.find((name) => letters(name) === letters(text))
  return swapped === undefined ? didYouMean(text, names) : ` Did you mean "${swapped}"?`
}
