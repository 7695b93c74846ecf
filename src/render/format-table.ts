import Table from 'cli-table3'
import { fitColumnWidths } from './fit-column-widths.js'
import { formatJson } from './format-json.js'
import { escapeControl } from './safe-text.js'
import { displayWidth, truncateToWidth } from './text-width.js'
import { createTheme, type Theme } from './theme.js'

export interface TableFormatOptions {
  colour: boolean
  /** Terminal width; the table never gets wider (Infinity: no limit, below 10 counts as 10). */
  columns: number
}

interface Cell {
  text: string
  kind: 'key' | 'string' | 'number' | 'boolean' | 'null' | 'json' | 'missing'
}

const padding = 2
const minimumCell = padding + 1
/** Columns are dropped (from the right) rather than squeezed below this. */
const readableCell = padding + 6

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function cellOf(value: unknown): Cell {
  if (value === undefined) return { text: '', kind: 'missing' }
  if (value === null) return { text: 'null', kind: 'null' }
  if (typeof value === 'string')
    return { text: escapeControl(value, { newlines: false }).replaceAll('\t', ' '), kind: 'string' }
  if (typeof value === 'number' || typeof value === 'bigint') return { text: String(value), kind: 'number' }
  if (typeof value === 'boolean') return { text: String(value), kind: 'boolean' }
  return {
    text: escapeControl(formatJson(value, { colour: false, indent: 0 }), { newlines: false }),
    kind: 'json',
  }
}

function isNumeric(rows: Cell[][], index: number): boolean {
  const kinds = rows.map((row) => row[index]!.kind)
  return (
    kinds.includes('number') &&
    kinds.every((kind) => kind === 'number' || kind === 'null' || kind === 'missing')
  )
}

function paintCell(cell: Cell, width: number, theme: Theme, alignRight: boolean): Table.Cell {
  const text = truncateToWidth(cell.text, width - padding)
  if (alignRight)
    return { content: cell.kind === 'number' ? theme.number(text) : theme.null(text), hAlign: 'right' }
  if (cell.kind === 'number') return theme.number(text)
  if (cell.kind === 'boolean') return theme.boolean(text)
  if (cell.kind === 'null') return theme.null(text)
  if (cell.kind === 'key') return theme.key(text)
  return text
}

/**
 * cli-table3's layout is quadratic in the row count, so long lists are drawn
 * a chunk at a time with the same column widths and stitched: every row is
 * one line, so only the borders between chunks need dropping.
 */
function renderInChunks(head: string[] | undefined, rows: Table.Cell[][], widths: number[]): string {
  const chunkSize = 50
  const parts: string[] = []
  for (let start = 0; start === 0 || start < rows.length; start += chunkSize) {
    const table = new Table({
      ...(start === 0 && head !== undefined ? { head } : {}),
      colWidths: widths,
      style: { head: [], border: [], compact: true },
    })
    table.push(...rows.slice(start, start + chunkSize))
    const lines = table.toString().split('\n')
    const first = start === 0 ? 0 : 1
    const last = start + chunkSize >= rows.length ? lines.length : lines.length - 1
    parts.push(...lines.slice(first, last))
  }
  return parts.join('\n')
}

/** How many leading columns fit when each gets at least `readableCell` (or its natural width). */
function columnsThatFit(natural: number[], columns: number): number {
  let used = 1
  for (const [index, width] of natural.entries()) {
    used += Math.min(width, readableCell) + 1
    if (used > columns) return Math.max(index, 1)
  }
  return natural.length
}

/** Rows of cells (and optional header names) → a cli-table3 table fitted to `columns`. */
function render(head: string[] | undefined, rows: Cell[][], options: TableFormatOptions): string {
  const theme = createTheme(options.colour)
  const columns = Math.max(options.columns, 10)
  const count = rows[0]?.length ?? head?.length ?? 0
  const natural = Array.from({ length: count }, (_, index) =>
    rows.reduce(
      (widest, row) => Math.max(widest, displayWidth(row[index]!.text)),
      displayWidth(head?.[index] ?? ''),
    ),
  ).map((width) => width + padding)
  const shown = columnsThatFit(natural, columns)
  const widths = fitColumnWidths(natural.slice(0, shown), columns - shown - 1, minimumCell)
  const headCells = head
    ?.slice(0, shown)
    .map((name, index) => theme.bold(truncateToWidth(name, widths[index]! - padding)))
  const numeric = widths.map((_, index) => isNumeric(rows, index))
  const painted = rows.map((row) =>
    row.slice(0, shown).map((cell, index) => paintCell(cell, widths[index]!, theme, numeric[index]!)),
  )
  const table = renderInChunks(headCells, painted, widths)
  const hidden = count - shown
  const note = `(${hidden} more ${hidden === 1 ? 'column' : 'columns'} not shown; try -o json)`
  return hidden > 0 ? `${table}\n${theme.dim(truncateToWidth(note, columns))}` : table
}

function tableOfList(list: unknown[], options: TableFormatOptions): string {
  if (list.length === 0) return createTheme(options.colour).dim('(no rows)')
  if (!list.every(isRecord))
    return render(
      undefined,
      list.map((item) => [cellOf(item)]),
      options,
    )
  const names = [...new Set(list.flatMap((item) => Object.keys(item)))]
  const rows = list.map((item) =>
    names.map((name) => cellOf(Object.hasOwn(item, name) ? item[name] : undefined)),
  )
  return render(
    names.map((name) => escapeControl(name, { newlines: false })),
    rows,
    options,
  )
}

/**
 * `-o table`: a list of objects → one row each (columns = every key, in
 * first-seen order); one object → key/value rows; scalars → one column.
 * Nested values show as one-line JSON; long cells end in '…' so the table
 * fits `columns`. No trailing newline.
 */
export function formatTable(value: unknown, options: TableFormatOptions): string {
  if (Array.isArray(value)) return tableOfList(value, options)
  if (!isRecord(value)) return render(undefined, [[cellOf(value)]], options)
  const entries = Object.entries(value)
  if (entries.length === 0) return createTheme(options.colour).dim('(no fields)')
  const rows = entries.map(([name, field]): Cell[] => [
    { text: escapeControl(name, { newlines: false }), kind: 'key' },
    cellOf(field),
  ])
  return render(undefined, rows, options)
}
