import Table from 'cli-table3'
import tableUtils from 'cli-table3/src/utils.js'
import { fitColumnWidths } from './fit-column-widths.js'
import { formatJson } from './format-json.js'
import { escapeControl } from './safe-text.js'
import { displayWidth, narrowText, truncateToWidth } from './text-width.js'
import { createTheme, type Theme } from './theme.js'

export interface TableFormatOptions {
  colour: boolean
  /** Terminal width; the table never gets wider (Infinity: no limit, below 10 counts as 10). */
  columns: number
}

export interface Cell {
  text: string
  kind: 'key' | 'string' | 'number' | 'boolean' | 'null' | 'json' | 'missing'
}

const padding = 2
const minimumCell = padding + 1
/** Columns are dropped (from the right) rather than squeezed below this. */
const readableCell = padding + 6

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function cellOf(value: unknown): Cell {
  if (value === undefined) return { text: '', kind: 'missing' }
  if (value === null) return { text: 'null', kind: 'null' }
  if (typeof value === 'string')
    return { text: escapeControl(value, { newlines: false }).replaceAll('\t', ' '), kind: 'string' }
  if (typeof value === 'number' || typeof value === 'bigint') return { text: String(value), kind: 'number' }
  if (typeof value === 'boolean') return { text: String(value), kind: 'boolean' }
  return { text: escapeControl(oneLineJson(value), { newlines: false }), kind: 'json' }
}

/** A value as one line of JSON: JSON.stringify's (fast) where it can, formatJson's otherwise (a cycle, a bigint). */
function oneLineJson(value: unknown): string {
  try {
    const text = JSON.stringify(value)
    if (text !== undefined) return text
  } catch {
    // formatJson prints cycles and bigints
  }
  return formatJson(value, { colour: false, indent: 0 })
}

function isNumeric(rows: Cell[][], index: number): boolean {
  const kinds = rows.map((row) => row[index]!.kind)
  return (
    kinds.includes('number') &&
    kinds.every((kind) => kind === 'number' || kind === 'null' || kind === 'missing')
  )
}

/** A column whose cells are all numbers written as text (XML's ids and prices): as apt to grow as numbers. */
function isNumberText(rows: Cell[][], index: number): boolean {
  return rows.length > 0 && rows.every((row) => /^-?\d+(\.\d+)?$/.test(row[index]!.text))
}

function paintCell(cell: Cell, text: string, theme: Theme, alignRight: boolean): string {
  if (alignRight) return cell.kind === 'number' ? theme.number(text) : theme.null(text)
  if (cell.kind === 'number') return theme.number(text)
  if (cell.kind === 'boolean') return theme.boolean(text)
  if (cell.kind === 'null') return theme.null(text)
  if (cell.kind === 'key') return theme.key(text)
  return text
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

/** How a table is drawn, decided from its rows (or, for a long list, from a first window of them). */
export interface TablePlan {
  theme: Theme
  /** Terminal width (at least 10). */
  columns: number
  /** Columns in the rows, and how many of them fit. */
  count: number
  shown: number
  widths: number[]
  numeric: boolean[]
  head?: string[]
}

/** Rows of cells (and optional header names) → column widths fitted to `columns`, alignment, header. */
export function planTable(
  head: string[] | undefined,
  rows: Cell[][],
  options: TableFormatOptions & {
    /** Extra cells for the numeric columns, numbers as text too (a table whose later rows are not known yet: numbers grow). */
    numberHeadroom?: number
  },
): TablePlan {
  const theme = createTheme(options.colour)
  const columns = Math.max(options.columns, 10)
  const count = rows[0]?.length ?? head?.length ?? 0
  const numericColumns = Array.from({ length: count }, (_, index) => isNumeric(rows, index))
  const natural = Array.from({ length: count }, (_, index) =>
    rows.reduce(
      (widest, row) => Math.max(widest, displayWidth(row[index]!.text)),
      displayWidth(head?.[index] ?? ''),
    ),
  ).map((width, index) => {
    const grows = options.numberHeadroom !== undefined && (numericColumns[index] || isNumberText(rows, index))
    return width + padding + (grows ? options.numberHeadroom! : 0)
  })
  const shown = columnsThatFit(natural, columns)
  const widths = fitColumnWidths(natural.slice(0, shown), columns - shown - 1, minimumCell)
  const headCells = head
    ?.slice(0, shown)
    .map((name, index) => theme.bold(truncateToWidth(name, widths[index]! - padding)))
  const numeric = numericColumns.slice(0, shown)
  return { theme, columns, count, shown, widths, numeric, head: headCells }
}

/** cli-table3's width of a cell's text: its own measure, or the length for text that is one cell a character (the same, faster). */
function cellWidth(text: string): number {
  return narrowText.test(text) ? text.length : tableUtils.strlen(text)
}

/**
 * One row as cli-table3 draws it (compact, every cell one line): `│`, then
 * each cell padded by one space either side and to its column's width
 * (right-aligned in a numeric column), `│` between and at the end. Drawn
 * here rather than by cli-table3, whose layout costs grow with the row
 * count; tests hold the two to the same bytes.
 */
export function tableRow(plan: TablePlan, row: Cell[]): string {
  let line = '│'
  for (let index = 0; index < plan.shown; index++) {
    const cell = row[index] ?? { text: '', kind: 'missing' }
    const space = plan.widths[index]! - padding
    const text = truncateToWidth(cell.text, space)
    let content = paintCell(cell, text, plan.theme, plan.numeric[index]!)
    let width = cellWidth(text)
    if (width > space) {
      content = tableUtils.truncate(content, space)
      width = tableUtils.strlen(content)
    }
    const fill = ' '.repeat(Math.max(0, space - width))
    line += ` ${plan.numeric[index] ? fill + content : content + fill} │`
  }
  return line
}

/** The lines above the rows (top border; the header and its rule) and the bottom border, drawn by cli-table3. */
export function tableFrame(plan: TablePlan): { top: string; bottom: string } {
  const table = new Table({
    ...(plan.head !== undefined ? { head: plan.head } : {}),
    colWidths: plan.widths,
    style: { head: [], border: [], compact: true },
  })
  table.push(plan.widths.map(() => ''))
  const lines = table.toString().split('\n')
  return { top: lines.slice(0, plan.head !== undefined ? 3 : 1).join('\n'), bottom: lines.at(-1)! }
}

/** What ends a table: its bottom border, and a note when columns did not fit. */
export function tableEnd(plan: TablePlan, bottom: string): string {
  const hidden = plan.count - plan.shown
  if (hidden === 0) return bottom
  const note = `(${hidden} more ${hidden === 1 ? 'column' : 'columns'} not shown; try -o json)`
  return `${bottom}\n${plan.theme.dim(truncateToWidth(note, plan.columns))}`
}

/** Rows of cells (and optional header names) → a table fitted to `columns`. */
function render(head: string[] | undefined, rows: Cell[][], options: TableFormatOptions): string {
  const plan = planTable(head, rows, options)
  const { top, bottom } = tableFrame(plan)
  return [top, ...rows.map((row) => tableRow(plan, row)), tableEnd(plan, bottom)].join('\n')
}

/** The columns of a list: every key of its objects in first-seen order, or undefined (one column) when not all items are objects. */
export function listColumns(list: unknown[]): string[] | undefined {
  if (!list.every(isRecord)) return undefined
  return [...new Set(list.flatMap((item) => Object.keys(item as Record<string, unknown>)))]
}

/** One item's cells: its fields by the columns' names, or the item itself in one column. */
export function itemCells(item: unknown, names: string[] | undefined): Cell[] {
  if (names === undefined) return [cellOf(item)]
  if (!isRecord(item)) return [cellOf(item)]
  return names.map((name) => cellOf(Object.hasOwn(item, name) ? item[name] : undefined))
}

/** The header of a list's table. */
export function listHead(names: string[] | undefined): string[] | undefined {
  return names?.map((name) => escapeControl(name, { newlines: false }))
}

function tableOfList(list: unknown[], options: TableFormatOptions): string {
  if (list.length === 0) return createTheme(options.colour).dim('(no rows)')
  const names = listColumns(list)
  return render(
    listHead(names),
    list.map((item) => itemCells(item, names)),
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
