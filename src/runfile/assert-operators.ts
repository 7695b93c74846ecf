import { asText, compareValues, type ExpectedValue } from './compare-values.js'
import { testPattern } from './test-pattern.js'

/**
 * One assert operator: whether the answer's value (undefined: not there)
 * satisfies it, or a reason in words when it cannot be applied.
 */
export interface AssertOperator {
  /** Takes no expected value (`exists`, `isTrue`). */
  unary: boolean
  test(actual: unknown, expected: ExpectedValue): boolean | string
}

/** The longest text `matches` runs a pattern over: the pattern is the file's, the text the server's. */
const MATCH_LIMIT = 100_000

function contains(actual: unknown, expected: ExpectedValue): boolean {
  if (Array.isArray(actual)) return actual.some((item) => compareValues(item, expected) === 0)
  return asText(actual).includes(expected.text)
}

function pattern(text: string): RegExp | string {
  const literal = /^\/(.*)\/([a-z]*)$/s.exec(text)
  try {
    return literal ? new RegExp(literal[1]!, literal[2]) : new RegExp(text)
  } catch (error) {
    return `bad regular expression ${text}: ${(error as Error).message}`
  }
}

function matches(actual: unknown, expected: ExpectedValue): boolean | string {
  const regex = pattern(expected.text)
  if (typeof regex === 'string') return regex
  return testPattern(regex, asText(actual).slice(0, MATCH_LIMIT))
}

const present =
  (test: (actual: unknown, expected: ExpectedValue) => boolean | string) =>
  (actual: unknown, expected: ExpectedValue) =>
    actual !== undefined && test(actual, expected)

const binary = (test: (actual: unknown, expected: ExpectedValue) => boolean | string): AssertOperator => ({
  unary: false,
  test: present(test),
})
const unary = (test: (actual: unknown) => boolean): AssertOperator => ({ unary: true, test })

/** The operators, by name as written (matched case-insensitively). */
export const OPERATORS: Record<string, AssertOperator> = {
  '==': binary((actual, expected) => compareValues(actual, expected) === 0),
  '!=': {
    unary: false,
    test: (actual, expected) => actual === undefined || compareValues(actual, expected) !== 0,
  },
  '<': binary((actual, expected) => compareValues(actual, expected) < 0),
  '<=': binary((actual, expected) => compareValues(actual, expected) <= 0),
  '>': binary((actual, expected) => compareValues(actual, expected) > 0),
  '>=': binary((actual, expected) => compareValues(actual, expected) >= 0),
  includes: binary(contains),
  contains: binary(contains),
  startsWith: binary((actual, expected) => asText(actual).startsWith(expected.text)),
  endsWith: binary((actual, expected) => asText(actual).endsWith(expected.text)),
  matches: binary(matches),
  exists: unary((actual) => actual !== undefined),
  '!exists': unary((actual) => actual === undefined),
  notExists: unary((actual) => actual === undefined),
  isTrue: unary((actual) => actual === true || actual === 'true'),
  isFalse: unary((actual) => actual === false || actual === 'false'),
  isNumber: unary((actual) => typeof actual === 'number'),
  isString: unary((actual) => typeof actual === 'string'),
  isBoolean: unary((actual) => typeof actual === 'boolean'),
  isArray: unary((actual) => Array.isArray(actual)),
}

export const OPERATOR_NAMES = Object.keys(OPERATORS)

const byLowerName = new Map(OPERATOR_NAMES.map((name) => [name.toLowerCase(), OPERATORS[name]!]))

export function findOperator(name: string): AssertOperator | undefined {
  return byLowerName.get(name.toLowerCase())
}
