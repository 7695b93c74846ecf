import { formatTable, type TableFormatOptions } from './format-table.js'
import { createTheme } from './theme.js'

type Record_ = { [name: string]: unknown }

function isRecord(value: unknown): value is Record_ {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

interface Flat {
  /** Dotted path → scalar (a repeated scalar joined by ", "). */
  pairs: Record_
  /** Lists of records, each shown as its own table. */
  lists: Array<[path: string, rows: Record_[]]>
}

function flatten(value: Record_, prefix: string, flat: Flat): void {
  for (const [key, item] of Object.entries(value)) {
    const path = `${prefix}${key}`
    if (isRecord(item)) flatten(item, `${path}.`, flat)
    else if (Array.isArray(item) && item.length > 0 && item.every(isRecord)) flat.lists.push([path, item])
    else if (Array.isArray(item) && item.some((entry) => typeof entry === 'object' && entry !== null)) {
      item.forEach((entry, index) => {
        if (isRecord(entry)) flatten(entry, `${path}[${index}].`, flat)
        else flat.pairs[`${path}[${index}]`] = entry
      })
    } else flat.pairs[path] = Array.isArray(item) ? item.join(', ') : item
  }
}

/**
 * `-o table` for SOAP values: the scalars as one key/value table (nested
 * names dotted: `item.price`), and each list of records (`items.item`) as a
 * table of its own with a row per record. No trailing newline.
 */
export function formatSoapTable(values: Record_, options: TableFormatOptions): string {
  const flat: Flat = { pairs: Object.create(null) as Record_, lists: [] }
  flatten(values, '', flat)
  const theme = createTheme(options.colour)
  const parts: string[] = []
  if (Object.keys(flat.pairs).length > 0 || flat.lists.length === 0)
    parts.push(formatTable(flat.pairs, options))
  for (const [path, rows] of flat.lists) {
    const heading = `${theme.bold(path)} ${theme.dim(`(${rows.length})`)}`
    parts.push(
      parts.length === 0
        ? `${heading}\n${formatTable(rows, options)}`
        : `\n${heading}\n${formatTable(rows, options)}`,
    )
  }
  return parts.join('\n')
}
