// A placeholder until branch run-reports' evaluateAssert (the contract's src/runfile/evaluate-assert.ts)
// is merged: it reads `status == N` only and says so for anything else. The merge replaces this file.
import type { RunAnswer } from '../core/run-answer.js'
import type { AssertResult } from '../core/run-report.js'

export function evaluateAssert(text: string, line: number, answer: RunAnswer): AssertResult {
  const match = /^status\s*==\s*(\d+)$/.exec(text)
  if (match === null) {
    return { text, line, passed: false, message: 'not evaluated: the assert evaluator is not merged yet' }
  }
  const actual = String(answer.status)
  const passed = actual === match[1]
  return {
    text,
    line,
    passed,
    expected: match[1],
    actual,
    ...(passed ? {} : { message: `status is ${actual}` }),
  }
}
