import { OPERATOR_NAMES } from './assert-operators.js'

/** An assert split into its parts: `header content-type includes json` → subject `header`, argument `content-type`, operator `includes`, expected `json`. */
export interface AssertParts {
  subject: string
  /** What follows the subject word up to the operator (a header name, a path, an XPath), trimmed; '' when none. */
  argument: string
  operator: string
  /** The text after the operator, trimmed; undefined for a unary operator. */
  expected?: string
}

interface Token {
  text: string
  start: number
  end: number
}

/** Words separated by blanks, except inside quotes, brackets and parentheses (`[?(@.name == 'a b')]` is one word). */
function words(text: string): Token[] {
  const tokens: Token[] = []
  let depth = 0
  let quote: string | undefined
  let start = -1
  for (let index = 0; index <= text.length; index++) {
    const char = text[index]
    const blank = char === undefined || /\s/.test(char)
    if (quote !== undefined) {
      if (char === quote) quote = undefined
    } else if (char === '"' || char === "'") {
      quote = char
    } else if (char === '[' || char === '(') {
      depth++
    } else if ((char === ']' || char === ')') && depth > 0) {
      depth--
    }
    if (start < 0 && !blank) start = index
    if (start >= 0 && blank && (char === undefined || (quote === undefined && depth === 0))) {
      tokens.push({ text: text.slice(start, index), start, end: index })
      start = -1
    }
  }
  return tokens
}

const operatorSet = new Set(OPERATOR_NAMES.map((name) => name.toLowerCase()))

/**
 * Splits an assert's text at its operator: the first word after the subject
 * that names one. Returns a reason in words when there is no operator.
 */
export function splitAssert(text: string): AssertParts | string {
  const nested = words(text)
  // An unbalanced bracket (`body $.a[?(@.b >`) swallows the rest: split at blanks then, and let the path reader say what is wrong.
  const tokens = nested.some((token) => operatorSet.has(token.text.toLowerCase()))
    ? nested
    : [...text.matchAll(/\S+/g)].map((match) => ({
        text: match[0],
        start: match.index,
        end: match.index + match[0].length,
      }))
  const first = tokens[0]
  if (first === undefined) return 'the assert is empty'
  // header and xpath always take an argument, which may itself be a word like `exists` (a header so named).
  const operatorFrom = (start: number) =>
    tokens.findIndex((token, index) => index >= start && operatorSet.has(token.text.toLowerCase()))
  const takesArgument = /^(header|xpath)$/i.test(first.text)
  const operatorIndex = takesArgument && operatorFrom(2) > 0 ? operatorFrom(2) : operatorFrom(1)
  if (operatorIndex < 0) {
    return `no operator in "${text}" (one of ${OPERATOR_NAMES.join(', ')})`
  }
  const operator = tokens[operatorIndex]!
  const rest = text.slice(operator.end).trim()
  return {
    subject: first.text,
    argument: text.slice(first.end, operator.start).trim(),
    operator: operator.text,
    expected: rest === '' ? undefined : rest,
  }
}
