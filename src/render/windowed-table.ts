import { formatTable, type TableFormatOptions } from './format-table.js'
import { ListTable } from './list-table.js'
import { TABLE_WINDOW_ROWS } from './print-table-stream.js'

/**
 * A table of a list whose items come in batches (--all's pages): the first
 * TABLE_WINDOW_ROWS items are held, then printed as a ListTable (columns and
 * widths from them) with every later batch as it comes. A list that ends
 * within the window is drawn whole, as formatTable draws it.
 */
export class WindowedTable {
  private held: unknown[] = []
  private table: ListTable | undefined

  constructor(
    private readonly options: TableFormatOptions,
    private readonly write: (text: string) => void,
  ) {}

  add(items: unknown[]): void {
    if (this.table !== undefined) {
      this.table.add(items)
      return
    }
    for (const item of items) this.held.push(item)
    if (this.held.length >= TABLE_WINDOW_ROWS)
      this.table = new ListTable(this.held.splice(0), this.options, this.write)
  }

  /** The table's end (the whole table, when it never passed the window); no trailing newline. */
  end(): string {
    return this.table === undefined ? formatTable(this.held, this.options) : this.table.end()
  }
}
