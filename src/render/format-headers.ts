import { escapeControl } from './safe-text.js'
import { createTheme } from './theme.js'

/** `content-type` → `Content-Type`; names with capitals are kept as written. */
function displayName(name: string): string {
  if (name !== name.toLowerCase()) return name
  return name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase())
}

/**
 * `Name: value` lines in the order given, one line per value of a repeated
 * header (Set-Cookie). Redaction is the caller's choice (see redact.ts).
 * No trailing newline.
 */
export function formatHeaders(
  headers: Record<string, string | string[]>,
  options: { colour: boolean },
): string {
  const theme = createTheme(options.colour)
  const lines: string[] = []
  for (const [name, value] of Object.entries(headers)) {
    const label = theme.headerName(escapeControl(displayName(name), { newlines: false }))
    for (const item of Array.isArray(value) ? value : [value]) {
      lines.push(
        `${label}${theme.punctuation(':')} ${theme.headerValue(escapeControl(item, { newlines: false }))}`,
      )
    }
  }
  return lines.join('\n')
}
