import { closestMatches, didYouMean } from '../../../config/did-you-mean.js'
import { UsageError } from '../../../core/errors.js'

export const REST_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const
export type RestMethod = (typeof REST_METHODS)[number]

/** The methods whose request carries a body: a piped stdin body is read for these (or no method) only. */
export const BODY_METHODS: readonly RestMethod[] = ['POST', 'PUT', 'PATCH']

/** `get`, `Get`, `GET` → `GET`; anything else is a usage error naming the choices (and the closest). */
export function parseRestMethod(text: string): RestMethod {
  const method = text.toUpperCase()
  if ((REST_METHODS as readonly string[]).includes(method)) return method as RestMethod
  const names = REST_METHODS.map((m) => m.toLowerCase())
  throw new UsageError(`'${text}' is not an HTTP method apictl sends.${methodSuggestion(text)}`, {
    where: text,
    hint: `Use one of: ${names.join(', ')} (any case), leave it out (GET, or POST with a body), or \`apictl rest lint PATH\`.`,
  })
}

/** ` Did you mean "get"?` for a near miss, letters swapped included (`gte`, `pots`), or ''. */
function methodSuggestion(text: string): string {
  const names = [...REST_METHODS.map((m) => m.toLowerCase()), 'lint', 'ops']
  const letters = (word: string) => [...word.toLowerCase()].sort().join('')
  const swapped = names.find((name) => letters(name) === letters(text))
  return swapped === undefined ? didYouMean(text, names) : ` Did you mean "${swapped}"?`
}

/** The words of `rest [METHOD] URL [ITEM ...]` sorted out: method undefined when it was left out. */
export interface RestWords {
  method: string | undefined
  target: string | undefined
  items: string[]
}

/**
 * HTTPie's rule for the first word: a method (any case) is the method; a
 * word of letters only followed by more words is meant as one (a typo gets a
 * did-you-mean, never a request to a host named `gett`); anything else is the
 * URL, and the method is left to the body (GET, or POST with one).
 */
export function splitRestWords(first: string, second: string | undefined, rest: string[]): RestWords {
  const isMethod = (REST_METHODS as readonly string[]).includes(first.toUpperCase())
  const letters = /^[a-z]+$/i.test(first)
  const meantAsMethod =
    letters &&
    (second === undefined
      ? closestMatches(first, REST_METHODS).length > 0
      : !looksLikeItem(second) && first.toLowerCase() !== 'localhost')
  if (isMethod || meantAsMethod) {
    parseRestMethod(first)
    return { method: first, target: second, items: rest }
  }
  return { method: undefined, target: first, items: second === undefined ? rest : [second, ...rest] }
}

/** `a=b`, `a:=1`, `a==b`, `Name:value`: a request item rather than a URL or path. */
function looksLikeItem(word: string): boolean {
  if (word.startsWith('/') || word.startsWith(':') || /^https?:\/\//i.test(word)) return false
  return /^[^/]*?(==|:=|=|@|:|;)/.test(word) && !/^[\w.-]+:\d+(\/|$)/.test(word)
}
