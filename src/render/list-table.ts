import {
  type Cell,
  itemCells,
  listColumns,
  listHead,
  planTable,
  type TableFormatOptions,
  type TablePlan,
  tableEnd,
  tableFrame,
  tableRow,
} from './format-table.js'
import { truncateToWidth } from './text-width.js'

/** Numbers in later rows may be longer than the first window's (ids grow): their columns get this many cells more. */
const NUMBER_HEADROOM = 2

/**
 * A table of a list too long to hold, written as its items arrive: the
 * columns, their widths and their alignment come from a first window of
 * items (numeric columns a little wider, for numbers that grow); later
 * items get those columns (a longer cell ends in '…'), and keys that only
 * later items have are named in a note at the end.
 */
export class ListTable {
  private readonly plan: TablePlan
  private readonly names: string[] | undefined
  private readonly bottom: string
  private readonly unseen = new Set<string>()

  constructor(
    first: unknown[],
    options: TableFormatOptions,
    private readonly write: (text: string) => void,
  ) {
    this.names = listColumns(first)
    const rows = first.map((item) => itemCells(item, this.names))
    this.plan = planTable(listHead(this.names), rows, { ...options, numberHeadroom: NUMBER_HEADROOM })
    const { top, bottom } = tableFrame(this.plan)
    this.bottom = bottom
    this.write(`${top}\n`)
    this.rows(rows)
  }

  add(items: unknown[]): void {
    const known = this.names === undefined ? undefined : new Set(this.names)
    if (known !== undefined) {
      for (const item of items) {
        if (typeof item !== 'object' || item === null || Array.isArray(item)) continue
        for (const key of Object.keys(item)) if (!known.has(key)) this.unseen.add(key)
      }
    }
    this.rows(items.map((item) => itemCells(item, this.names)))
  }

  private rows(rows: Cell[][]): void {
    if (rows.length === 0) return
    this.write(`${rows.map((row) => tableRow(this.plan, row)).join('\n')}\n`)
  }

  /** The bottom border and notes; no trailing newline. */
  end(): string {
    const end = tableEnd(this.plan, this.bottom)
    if (this.unseen.size === 0) return end
    const names = [...this.unseen].slice(0, 5).join(', ')
    const more = this.unseen.size > 5 ? ` and ${this.unseen.size - 5} more` : ''
    const note = `(later rows also have ${names}${more}, not shown: columns come from the first rows; try -o json)`
    return `${end}\n${this.plan.theme.dim(truncateToWidth(note, this.plan.columns))}`
  }
}
