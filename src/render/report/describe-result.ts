import type { AssertResult, RequestResult } from '../../core/run-report.js'

const STYLE_NAMES = { rest: 'REST', graphql: 'GraphQL', soap: 'SOAP' } as const

/** `REST`, `GraphQL`, `SOAP`. */
export function styleName(style: RequestResult['style']): string {
  return STYLE_NAMES[style]
}

/** `name` or `name #2` for a repetition after the first (--repeat). */
export function resultName(result: RequestResult): string {
  return result.iteration !== undefined && result.iteration > 1
    ? `${result.name} #${result.iteration}`
    : result.name
}

/** What came back, in a few words: `201`, `500 fault Client`, `200 2 GraphQL errors`, `—`. */
export function answerSummary(result: RequestResult): string {
  const parts: string[] = []
  if (result.status !== undefined) parts.push(String(result.status))
  if (result.fault !== undefined) parts.push(`fault ${result.fault.code}`)
  const errors = result.graphqlErrors?.length ?? 0
  if (errors > 0) parts.push(`${errors} GraphQL error${errors === 1 ? '' : 's'}`)
  return parts.length === 0 ? '—' : parts.join(' ')
}

/** A failed assert as lines of text: the assert and where it is, then expected, actual and why. */
export function describeFailedAssert(assert: AssertResult, file: string): string[] {
  return [
    `${assert.text} (${file}:${assert.line})`,
    ...(assert.expected === undefined ? [] : [`  expected: ${assert.expected}`]),
    ...(assert.actual === undefined ? [] : [`  actual:   ${assert.actual}`]),
    ...(assert.message === undefined ? [] : [`  ${assert.message}`]),
  ]
}
