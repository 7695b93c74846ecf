const numberPattern = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/

/** The value as a number when it is one or reads as one (`"9.5"`, `201`), else undefined. */
export function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  if (typeof value === 'string' && numberPattern.test(value.trim())) return Number(value.trim())
  return undefined
}

/** A value as text for comparing: strings as they are, everything else as JSON. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value
  if (value === undefined) return ''
  return JSON.stringify(value) ?? String(value)
}

/** What the assert's author wrote after the operator: a quoted `"…"` is a string, anything else may read as a number. */
export interface ExpectedValue {
  text: string
  quoted: boolean
}

export function readExpected(raw: string): ExpectedValue {
  const quoted = /^(["']).*\1$/s.test(raw) && raw.length >= 2
  return { text: quoted ? raw.slice(1, -1) : raw, quoted }
}

/** Structured JSON (`["a","b"]`, `{"a":1}`) written as the expected value, re-serialised to compare with JSON text. */
function canonicalJson(text: string): string | undefined {
  if (!/^[[{]/.test(text)) return undefined
  try {
    return JSON.stringify(JSON.parse(text))
  } catch {
    return undefined
  }
}

/**
 * Compares the answer's value with the expected one: as numbers when both
 * read as numbers (and the expected was not quoted), else as text (objects
 * and arrays as JSON). Negative, zero or positive, like a sort comparator.
 */
export function compareValues(actual: unknown, expected: ExpectedValue): number {
  const left = asNumber(actual)
  const right = expected.quoted ? undefined : asNumber(expected.text)
  if (left !== undefined && right !== undefined) return left === right ? 0 : left < right ? -1 : 1
  const actualText = asText(actual)
  const expectedText =
    typeof actual === 'object' && actual !== null
      ? (canonicalJson(expected.text) ?? expected.text)
      : expected.text
  return actualText === expectedText ? 0 : actualText < expectedText ? -1 : 1
}
