import { asText } from './compare-values.js'

/** About how long a value shown in a report may be. */
export const SHOWN_LENGTH = 200

/** A value from the answer as a report shows it: text (JSON for structures), `(missing)` when not there, cut at ~200 characters. */
export function showValue(value: unknown): string {
  if (value === undefined) return '(missing)'
  const text = typeof value === 'string' ? value : asText(value)
  return text.length > SHOWN_LENGTH ? `${text.slice(0, SHOWN_LENGTH)}… (${text.length} characters)` : text
}
