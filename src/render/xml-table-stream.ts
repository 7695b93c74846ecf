import { findList } from '../core/list-envelope.js'
import { ListTable } from './list-table.js'
import { holdCounter, TABLE_WINDOW_ROWS } from './print-table-stream.js'
import { type TableView, tableOf } from './table-of.js'
import { XmlByteTokenizer } from './xml-byte-tokenizer.js'
import { XmlJsonStream } from './xml-json-stream.js'
import { XmlTokenObjects } from './xml-token-objects.js'

/**
 * `-o table` of an XML body that streams. The document is read into its JSON
 * view (XmlJsonStream) until one element has TABLE_WINDOW_ROWS children of a
 * name; if that list is the one tableOf would find in the value so far, its
 * rows become a ListTable (columns and widths from them) and every later
 * child of that name is printed as it ends, never kept. Otherwise, or when no
 * list gets that long, the whole value is shown as tableOf shows it, so a
 * body shorter than the window prints exactly as a whole one.
 */
export class XmlTableStream {
  private readonly converter = new XmlJsonStream(undefined, (_parent, siblings) => this.child(siblings))
  private readonly tokenizer = new XmlByteTokenizer(
    new XmlTokenObjects((token) => this.converter.place(token)),
  )
  /** Holding the document; printing `rows` as they end; or holding it whole (the first long list was not the table's). */
  private state: 'holding' | 'streaming' | 'whole' = 'holding'
  private rows: unknown[] | undefined
  private table: ListTable | undefined

  constructor(
    private readonly view: TableView,
    private readonly write: (text: string) => void,
  ) {}

  private readonly hold = holdCounter()

  push(chunk: Buffer): void {
    if (this.state !== 'streaming') this.hold(chunk.length)
    this.tokenizer.push(chunk)
  }

  private child(siblings: unknown[]): void {
    if (this.state === 'streaming') {
      if (siblings === this.rows) this.table!.add(siblings.splice(0))
      return
    }
    if (this.state === 'whole' || siblings.length < TABLE_WINDOW_ROWS) return
    if (findList(this.converter.valueSoFar())?.list !== siblings) {
      this.state = 'whole'
      return
    }
    this.state = 'streaming'
    this.rows = siblings
    this.table = new ListTable(siblings.splice(0), this.view, this.write)
  }

  /** The document ended: the table's end, or the whole value's table (no trailing newline). */
  end(): void {
    this.tokenizer.end()
    const value = this.converter.end()
    this.write(this.table === undefined ? tableOf(value, this.view, true) : this.table.end())
  }
}
