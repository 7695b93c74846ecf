import type { ParameterDescription } from './service-description.js'

/** The XML Schema integer types and their bounds (undefined: unbounded on that side). */
const integerRanges: Record<string, readonly [bigint | undefined, bigint | undefined]> = {
  integer: [undefined, undefined],
  long: [-(2n ** 63n), 2n ** 63n - 1n],
  int: [-(2n ** 31n), 2n ** 31n - 1n],
  short: [-32768n, 32767n],
  byte: [-128n, 127n],
  nonNegativeInteger: [0n, undefined],
  positiveInteger: [1n, undefined],
  nonPositiveInteger: [undefined, 0n],
  negativeInteger: [undefined, -1n],
  unsignedLong: [0n, 2n ** 64n - 1n],
  unsignedInt: [0n, 4294967295n],
  unsignedShort: [0n, 65535n],
  unsignedByte: [0n, 255n],
}

const integerText = /^[+-]?\d+$/
const decimalText = /^[+-]?(\d+(\.\d*)?|\.\d+)$/
const floatText = /^([+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?|[+-]?INF|NaN)$/
const booleanText = /^(true|false|1|0)$/

function integerMeaning([low, high]: readonly [bigint | undefined, bigint | undefined]): string {
  if (low !== undefined && high !== undefined) return `a whole number from ${low} to ${high}`
  if (low !== undefined) return `a whole number, ${low} or more`
  if (high !== undefined) return `a whole number, ${high} or less`
  return 'a whole number'
}

function inRange(text: string, [low, high]: readonly [bigint | undefined, bigint | undefined]): boolean {
  const value = BigInt(text)
  return (low === undefined || value >= low) && (high === undefined || value <= high)
}

/** What a value of a built-in type looks like, and whether the (whitespace-collapsed) text is one. */
function builtIn(base: string, text: string): { meaning: string; valid: boolean } | undefined {
  const range = integerRanges[base]
  if (range !== undefined) {
    return { meaning: integerMeaning(range), valid: integerText.test(text) && inRange(text, range) }
  }
  if (base === 'decimal') return { meaning: 'a decimal number such as 2.5', valid: decimalText.test(text) }
  if (base === 'float' || base === 'double') {
    return { meaning: 'a number such as 2.5, 1e-3, INF or NaN', valid: floatText.test(text) }
  }
  if (base === 'boolean') return { meaning: 'true, false, 1 or 0', valid: booleanText.test(text) }
  return undefined
}

/**
 * Why a text cannot be this parameter's value, as "an int: a whole number
 * from … to …" or "a Priority: one of low, normal, high"; undefined when it
 * can. Checks what the WSDL's schema says about simple values: the integer
 * types and their ranges, decimal, float/double, boolean, enumerations.
 * Other types (strings, dates, complex values) are left to the server.
 * The one check behind `soap call`, `soap envelope`, the library and the
 * interactive prompts.
 */
export function valueProblem(parameter: ParameterDescription, text: string): string | undefined {
  if (parameter.children !== undefined) return undefined
  const collapsed = text.trim()
  const type = parameter.type
  const article = /^[aeiou]/i.test(type) ? 'an' : 'a'
  if (parameter.enumeration !== undefined && parameter.enumeration.length > 0) {
    const choices = parameter.enumeration
    const valid = choices.includes(text) || (parameter.base !== 'string' && choices.includes(collapsed))
    return valid ? undefined : `${article} ${type}: one of ${choices.join(', ')}`
  }
  const known = parameter.base === undefined ? undefined : builtIn(parameter.base, collapsed)
  if (known === undefined || known.valid) return undefined
  return `${article} ${type}: ${known.meaning}`
}
