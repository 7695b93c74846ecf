import type { Sink } from '../core/context.js'
import { findList } from '../core/list-envelope.js'
import { setField } from '../core/set-field.js'
import { HoldLimitError } from './hold-limit-error.js'
import { JsonListReader } from './json-list-reader.js'
import { ListTable } from './list-table.js'
import { type TableView, tableOf } from './table-of.js'

/** Rows held to decide a streamed table's columns and widths: this many, or this many bytes' worth. */
export const TABLE_WINDOW_ROWS = 1000

/**
 * The most of a body -o table holds before its rows stream: a body whose list is not found
 * (an object of a million fields, a list shorter than the window of huge rows) is laid out
 * whole, and its parsed value takes up to ~45 times its size (90 MB of fields took 4 GB).
 */
export const TABLE_HOLD_BYTES = 8 * 1024 * 1024

/** Counts what a table holds before it streams: past TABLE_HOLD_BYTES, a HoldLimitError. */
export function holdCounter(): (bytes: number) => void {
  let held = 0
  return (bytes) => {
    held += bytes
    if (held > TABLE_HOLD_BYTES) {
      throw new HoldLimitError(
        `-o table would hold this body whole (no list of ${TABLE_WINDOW_ROWS} rows found to print as it arrives), and it is over ${TABLE_HOLD_BYTES / 1024 / 1024} MiB`,
        { hint: 'Use -o json or -o raw, which print it as it arrives.' },
      )
    }
  }
}

/**
 * `-o table` of a JSON body that streams. Its list (the body itself, or the
 * list in a field of a paged envelope, as tableOf finds it) is held for a
 * first window of rows, then printed as a ListTable while the rest arrives.
 * A body whose list is not found by then is held whole and shown as tableOf
 * shows a whole body, as is a body whose list fits in the window.
 */
export class TableStream {
  private fields: Array<[string, unknown]> = []
  private items: unknown[] = []
  private topItems: unknown[] = []
  private table: ListTable | undefined
  /** Holding the first window; printing a list as it arrives; or holding the whole body (its list was not found). */
  private state: 'holding' | 'streaming' | 'whole' = 'holding'
  /** The field whose list is printed as it arrives (undefined: the body's own list). */
  private streamed: string | undefined
  private scalar: unknown

  readonly reader = new JsonListReader({
    item: (value, list) => this.item(value, list),
    listStart: () => {
      this.items = []
    },
    listEnd: (name) => {
      if (this.state === 'streaming' && this.streamed === name) return
      this.fields.push([name, this.items])
      this.items = []
    },
    field: (name, value) => this.fields.push([name, value]),
    scalar: (value) => {
      this.scalar = value
    },
  })

  private readonly hold = holdCounter()

  constructor(
    private readonly view: TableView,
    private readonly sink: Sink,
  ) {}

  /** The next bytes of the body (JSON). */
  push(chunk: Uint8Array): void {
    if (this.state !== 'streaming') this.hold(chunk.length)
    this.reader.push(chunk)
  }

  private item(value: unknown, list: string | undefined): void {
    if (this.state === 'streaming' && this.streamed === list) {
      this.table!.add([value])
      return
    }
    const held = list === undefined ? this.topItems : this.items
    held.push(value)
    if (this.state !== 'holding' || held.length < TABLE_WINDOW_ROWS) return
    // The window is full: print this list as it arrives if it is the one the table shows.
    if (list !== undefined) {
      const found = findList(this.envelope([[list, held]]))
      if (found === undefined || found.path.length !== 1 || found.path[0] !== list) {
        this.state = 'whole'
        return
      }
    }
    this.state = 'streaming'
    this.streamed = list
    this.table = new ListTable(held.splice(0), this.view, (text) => this.sink.write(text))
  }

  private envelope(more: Array<[string, unknown]>): Record<string, unknown> {
    const value: Record<string, unknown> = {}
    for (const [name, field] of [...this.fields, ...more]) setField(value, name, field)
    return value
  }

  /** The body ended: the table's end, or the whole body's table. */
  end(): void {
    this.reader.end()
    if (this.table !== undefined) {
      this.sink.write(this.table.end())
      const others = this.fields.map(([name]) => name)
      if (this.streamed !== undefined && others.length > 0) {
        this.view.note(
          `-o table shows the list under "${this.streamed}"; -o json shows ${others.join(', ')} too.`,
        )
      }
      return
    }
    const kind = this.reader.kind
    const value = kind === 'list' ? this.topItems : kind === 'object' ? this.envelope([]) : this.scalar
    this.sink.write(tableOf(value, this.view, false))
  }
}
