import { didYouMean } from '../../config/did-you-mean.js'
import { UsageError } from '../../core/errors.js'

/** What `{{…}}` and `set` can read: the last result and the session's variables. */
export interface ValueScope {
  /** The last result's value (REST: the decoded body; GraphQL: data; SOAP: the response values). */
  last: { value: unknown } | undefined
  variables: ReadonlyMap<string, unknown>
}

/** `last.items[0].id`, `last.items.0.id`, `id` → its segments. */
export function parseValuePath(text: string): string[] {
  const segments: string[] = []
  const pattern = /([^.[\]]+)|\[(\d+|"[^"]*"|'[^']*')\]|(\.)/gy
  let expectName = true
  let match: RegExpExecArray | null
  pattern.lastIndex = 0
  for (;;) {
    const at = pattern.lastIndex
    if (at >= text.length) break
    match = pattern.exec(text)
    if (match === null) throw badPath(text)
    if (match[3] !== undefined) {
      if (expectName) throw badPath(text)
      expectName = true
    } else if (match[1] !== undefined) {
      if (!expectName) throw badPath(text)
      segments.push(match[1].trim())
      expectName = false
    } else {
      const inside = match[2]!
      segments.push(/^\d+$/.test(inside) ? inside : inside.slice(1, -1))
      expectName = false
    }
  }
  if (segments.length === 0 || expectName) throw badPath(text)
  return segments
}

function badPath(text: string): UsageError {
  return new UsageError(`'${text}' is not a value path.`, {
    hint: 'Write last.field.sub, last.items.0.id (or last.items[0].id), or a variable name.',
  })
}

/** The value a path names: `last…` reads the last result, anything else a variable set with `set`. */
export function readValuePath(scope: ValueScope, text: string): unknown {
  const [root, ...rest] = parseValuePath(text.trim())
  let value: unknown
  if (root === 'last') {
    if (scope.last === undefined) {
      throw new UsageError(`${text}: there is no last result yet.`, {
        hint: 'Send a request first (e.g. get /v1/items/1), then use {{last.name}}.',
      })
    }
    value = scope.last.value
  } else if (scope.variables.has(root!)) value = scope.variables.get(root!)
  else {
    const names = [...scope.variables.keys()]
    throw new UsageError(`${text}: no variable '${root}'.${didYouMean(root!, names)}`, {
      hint:
        names.length > 0
          ? `Variables: ${names.join(', ')}; or read the last result: last.field.`
          : 'Keep a value with: set name = last.field; or read the last result: {{last.field}}.',
    })
  }
  let walked = root!
  for (const segment of rest) {
    value = step(value, segment, walked, text)
    walked += /^\d+$/.test(segment) ? `[${segment}]` : `.${segment}`
  }
  return value
}

function step(value: unknown, segment: string, walked: string, text: string): unknown {
  if (Array.isArray(value)) {
    if (!/^\d+$/.test(segment)) {
      throw new UsageError(`${text}: ${walked} is a list; index it with a number, e.g. ${walked}.0.`)
    }
    const index = Number(segment)
    if (index >= value.length) {
      throw new UsageError(`${text}: ${walked} has ${value.length} elements, so no [${index}].`)
    }
    return value[index]
  }
  if (typeof value === 'object' && value !== null) {
    if (Object.hasOwn(value, segment)) return (value as Record<string, unknown>)[segment]
    const keys = Object.keys(value)
    throw new UsageError(`${text}: ${walked} has no field '${segment}'.${didYouMean(segment, keys)}`, {
      hint:
        keys.length > 0 ? `Its fields: ${keys.slice(0, 20).join(', ')}.` : `${walked} is an empty object.`,
    })
  }
  throw new UsageError(
    `${text}: ${walked} is ${value === null ? 'null' : `a ${typeof value}`}, with no field '${segment}'.`,
  )
}

/** A value as text in a request: strings as they are, anything else as JSON. */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value
  if (value === undefined) return ''
  return JSON.stringify(value)
}
