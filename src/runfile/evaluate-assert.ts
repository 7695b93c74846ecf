import type { RunAnswer } from '../core/run-answer.js'
import type { AssertResult } from '../core/run-report.js'
import { findOperator } from './assert-operators.js'
import { readSubject } from './assert-subject.js'
import { readExpected } from './compare-values.js'
import { showValue } from './show-value.js'
import { splitAssert } from './split-assert.js'

/**
 * Evaluates one assert (the text after `??`, templates already resolved)
 * against an answer: `status == 201`, `header content-type includes json`,
 * `body $.items.length > 0`, `xpath //tns:price == 9.5`, `fault code ==
 * Client`, `errors.length == 0`, `duration < 500`. Never throws: an assert
 * that cannot be evaluated fails with the reason as its message.
 */
export function evaluateAssert(text: string, line: number, answer: RunAnswer): AssertResult {
  const fail = (message: string): AssertResult => ({ text, line, passed: false, message })
  const parts = splitAssert(text)
  if (typeof parts === 'string') return fail(parts)
  const operator = findOperator(parts.operator)!
  if (operator.unary && parts.expected !== undefined) {
    return fail(`${parts.operator} takes no value (found "${parts.expected}")`)
  }
  if (!operator.unary && parts.expected === undefined)
    return fail(`${parts.operator} needs a value to compare with`)
  const subject = readSubject(parts.subject, parts.argument, answer)
  if (typeof subject === 'string') return fail(subject)
  const expected = readExpected(parts.expected ?? '')
  const canonical = subject.canonical ?? ((value: unknown) => value)
  const outcome = operator.test(canonical(subject.value), {
    ...expected,
    text: String(canonical(expected.text)),
  })
  const shown = {
    text,
    line,
    ...(parts.expected === undefined ? {} : { expected: expected.text }),
    actual: showValue(subject.value),
  }
  if (outcome === true) return { ...shown, passed: true }
  const wanted = `${subject.label} ${parts.operator}${parts.expected === undefined ? '' : ` ${parts.expected}`}`
  const message =
    typeof outcome === 'string'
      ? outcome
      : answer.status === undefined
        ? `expected ${wanted}, but no answer came`
        : `expected ${wanted}, but ${subject.label} is ${showValue(subject.value)}`
  return { ...shown, passed: false, message }
}
