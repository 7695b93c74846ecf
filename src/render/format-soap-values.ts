import { escapeControl } from './safe-text.js'
import { displayWidth } from './text-width.js'
import { createTheme, type Theme } from './theme.js'

type Record_ = { [name: string]: unknown }

function isRecord(value: unknown): value is Record_ {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isScalar(value: unknown): boolean {
  return value === null || typeof value !== 'object'
}

/** A scalar list (or a scalar) sits beside its key; records and lists of records open a block below it. */
function isInline(value: unknown): boolean {
  return isScalar(value) || (Array.isArray(value) && value.every(isScalar))
}

function paintScalar(value: unknown, theme: Theme): string {
  if (value === null) return theme.null('null')
  if (typeof value === 'number') return theme.number(String(value))
  if (typeof value === 'boolean') return theme.boolean(String(value))
  const text = String(value)
  if (text === '') return theme.dim('""')
  return escapeControl(text)
}

/** Lines of a scalar under a column: a multi-line text continues at the same column. */
function scalarLines(value: unknown, theme: Theme, column: string): string[] {
  const lines = paintScalar(value, theme).split('\n')
  return lines.map((line, index) => (index === 0 ? line : `${column}${line}`))
}

function inlineLines(key: string, value: unknown, width: number, indent: string, theme: Theme): string[] {
  const head = `${indent}${theme.key(key)}${' '.repeat(Math.max(0, width - displayWidth(key)) + 2)}`
  const column = ' '.repeat(indent.length + width + 2)
  const values = Array.isArray(value) ? value : [value]
  if (values.length === 0) return [`${head}${theme.dim('(none)')}`]
  const lines: string[] = []
  values.forEach((entry, index) => {
    const [first, ...rest] = scalarLines(entry, theme, column)
    lines.push(`${index === 0 ? head : column}${first}`, ...rest)
  })
  return lines
}

/**
 * The lines of a record, indented by `depth` (two spaces a level): scalars
 * as aligned `key  value` pairs (a repeated one lists its values under each
 * other), nested records and lists of records as blocks under their key
 * (`item #1`, `item #2`, …).
 */
export function valueLines(value: unknown, depth: number, theme: Theme): string[] {
  const indent = '  '.repeat(depth)
  if (!isRecord(value))
    return scalarLines(value, theme, indent).map((line, index) => (index === 0 ? `${indent}${line}` : line))
  const entries = Object.entries(value)
  if (entries.length === 0) return [`${indent}${theme.dim('(empty)')}`]
  const width = Math.max(
    0,
    ...entries
      .filter(([, item]) => isInline(item))
      .map(([key]) => displayWidth(escapeControl(key, { newlines: false }))),
  )
  const lines: string[] = []
  for (const [rawKey, item] of entries) {
    const key = escapeControl(rawKey, { newlines: false })
    if (isInline(item)) {
      lines.push(...inlineLines(key, item, width, indent, theme))
    } else if (Array.isArray(item)) {
      item.forEach((entry, index) => {
        const label = `${key} #${index + 1}`
        if (isRecord(entry))
          lines.push(`${indent}${theme.key(label)}`, ...valueLines(entry, depth + 1, theme))
        else lines.push(...inlineLines(label, entry, displayWidth(label), indent, theme))
      })
    } else {
      lines.push(`${indent}${theme.key(key)}`, ...valueLines(item, depth + 1, theme))
    }
  }
  return lines
}

/**
 * A SOAP response's values as people read them: the response element's
 * name, then its children as an indented key/value tree. No trailing newline.
 */
export function formatSoapValues(title: string, values: unknown, options: { colour: boolean }): string {
  const theme = createTheme(options.colour)
  const heading = theme.bold(escapeControl(title, { newlines: false }))
  if (isRecord(values) && Object.keys(values).length === 1 && Object.hasOwn(values, '#text')) {
    return `${heading}  ${paintScalar(values['#text'], theme)}`
  }
  return [heading, ...valueLines(values, 1, theme)].join('\n')
}
