import { closeSync, openSync, readSync } from 'node:fs'
import type { ChangeType, Item, Review } from '../kit/item.js'
import { type Entry, entryOf, ItemIndex } from '../kit/item-index.js'
import type { OutsideChange, OutsideChanges, StoreBackend } from '../kit/store-backend.js'
import { StorageError, StoreError } from '../kit/store-error.js'
import type { StoreState } from '../kit/store-state.js'
import type { WriteBatch } from '../kit/write-batch.js'
import { refuseDataFile } from './data-file-problem.js'
import { isSqliteFailure, openSqlite, type SqliteDatabase, type SqliteStatement } from './sqlite-database.js'
import { documentFormat } from './store-document.js'

/**
 * The schema, made on first use. Items keep their listing place (`seq`) and
 * their scalar fields in columns, tags and reviews as JSON. `changes` logs
 * every acknowledged change with the item as it then was, so another process
 * sharing the file (the local profile's store) takes in a commit by reading
 * its rows, and tells its subscribers; it keeps the last `keptChanges`.
 */
const schema = `
CREATE TABLE store_meta (key TEXT PRIMARY KEY, value) WITHOUT ROWID;
CREATE TABLE items (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  description TEXT,
  price REAL NOT NULL,
  quantity INTEGER NOT NULL,
  tags TEXT NOT NULL,
  reviews TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE TABLE changes (
  seq INTEGER PRIMARY KEY,
  type TEXT NOT NULL,
  item_seq INTEGER NOT NULL,
  item TEXT NOT NULL,
  reviews TEXT NOT NULL
);
`
const schemaVersion = 1
const keptChanges = 10_000
const trimEvery = 1_000
/** How long a write waits for another process's transaction on the same file. */
const busyTimeoutMs = 5_000

const itemColumns = 'seq, id, name, description, price, quantity, tags, reviews, created_at, updated_at'
/** What an item's row holds beside what the index loads at start (seq, id, tags). */
const detailColumns = 'name, description, price, quantity, tags, reviews, created_at, updated_at'

interface Detail {
  item: Item
  reviews: readonly Review[]
}

function detailOf(id: string, row: unknown[]): Detail {
  const [name, description, price, quantity, tags, reviews, createdAt, updatedAt] = row
  const item: Item = Object.freeze({
    id,
    name: name as string,
    description: description as string | null,
    price: price as number,
    quantity: quantity as number,
    tags: Object.freeze(JSON.parse(tags as string) as string[]),
    createdAt: createdAt as string,
    updatedAt: updatedAt as string,
  })
  return { item, reviews: readReviews(reviews as string) }
}

/**
 * An item the store has listed at start (its seq, id and tags: all the
 * index needs) but not yet read: its fields and reviews are read from the
 * file the first time something asks for them, then kept. So opening
 * 100,000 items reads three columns a row, and a request reads only what it
 * shows.
 */
class StoredEntry implements Entry {
  readonly seq: number
  readonly id: string
  readonly tags: readonly string[]
  readonly #read: (seq: number, id: string) => Detail
  #detail: Detail | undefined

  constructor(seq: number, id: string, tags: readonly string[], read: (seq: number, id: string) => Detail) {
    this.seq = seq
    this.id = id
    this.tags = tags
    this.#read = read
  }

  get item(): Item {
    this.#detail ??= this.#read(this.seq, this.id)
    return this.#detail.item
  }

  get reviews(): readonly Review[] {
    this.#detail ??= this.#read(this.seq, this.id)
    return this.#detail.reviews
  }
}

const noReviews: readonly Review[] = Object.freeze([])

function readReviews(text: string): readonly Review[] {
  if (text === '[]') return noReviews
  return Object.freeze((JSON.parse(text) as Review[]).map((review) => Object.freeze(review)))
}

function itemRow(entry: Entry): unknown[] {
  const { item } = entry
  return [
    entry.seq,
    item.id,
    item.name,
    item.description,
    item.price,
    item.quantity,
    JSON.stringify(item.tags),
    JSON.stringify(entry.reviews),
    item.createdAt,
    item.updatedAt,
  ]
}

function storageFailure(error: unknown, path: string): unknown {
  if (!isSqliteFailure(error)) return error
  if (error.code.startsWith('SQLITE_FULL')) {
    return new StorageError('full', `the disk holding ${path} is full; nothing was written`, error)
  }
  if (error.code.startsWith('SQLITE_BUSY') || error.code.startsWith('SQLITE_LOCKED')) {
    return new StorageError(
      'busy',
      `${path} stayed locked by another process for ${busyTimeoutMs / 1000} s; nothing was written`,
      error,
    )
  }
  return error
}

interface Statements {
  dataVersion: SqliteStatement
  meta: SqliteStatement
  setMeta: SqliteStatement
  lastChange: SqliteStatement
  firstChange: SqliteStatement
  changesAfter: SqliteStatement
  logChange: SqliteStatement
  trimChanges: SqliteStatement
  putItem: SqliteStatement
  deleteItem: SqliteStatement
  listedItems: SqliteStatement
  itemDetail: SqliteStatement
}

/**
 * A SQLite data file (`serve --data FILE` with any name but `.json`, and the
 * local profile's store): WAL, synchronous commits (each group of writes is
 * one transaction, on disk before it is acknowledged), so a write costs the
 * same at 40 items as at 100,000. Other processes may write the same file
 * (they take the write lock in turn, BEGIN IMMEDIATE with a busy timeout):
 * `poll` notices their commits with `PRAGMA data_version` and reads them
 * from the change log.
 */
export class SqliteDataFile implements StoreBackend {
  readonly path: string
  readonly #db: SqliteDatabase
  readonly #statements: Statements
  #dataVersion: unknown
  #epoch = 0
  #lastChange = 0
  /** The counters as the file has them (so a group that creates nothing writes no meta row). */
  #counters = { nextItemId: 1, nextReviewId: 1 }
  /** A COMMIT is running on libsql's threads: nothing else may use the connection. */
  #committing = false
  readonly #release: () => void

  private constructor(path: string, db: SqliteDatabase, release: () => void) {
    this.path = path
    this.#db = db
    this.#release = release
    const prepare = (sql: string) => db.prepare(sql)
    this.#statements = {
      dataVersion: prepare('PRAGMA data_version'),
      meta: prepare(
        "SELECT key, value FROM store_meta WHERE key IN ('next_item_id', 'next_review_id', 'epoch')",
      ),
      setMeta: prepare('INSERT OR REPLACE INTO store_meta (key, value) VALUES (?, ?)'),
      lastChange: prepare('SELECT max(seq) FROM changes'),
      firstChange: prepare('SELECT min(seq) FROM changes'),
      changesAfter: prepare(
        'SELECT seq, type, item_seq, item, reviews FROM changes WHERE seq > ? ORDER BY seq',
      ),
      logChange: prepare('INSERT INTO changes (type, item_seq, item, reviews) VALUES (?, ?, ?, ?)'),
      trimChanges: prepare('DELETE FROM changes WHERE seq <= ?'),
      putItem: prepare(`INSERT OR REPLACE INTO items (${itemColumns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      deleteItem: prepare('DELETE FROM items WHERE id = ?'),
      listedItems: prepare('SELECT seq, id, tags FROM items ORDER BY seq'),
      itemDetail: prepare(`SELECT ${detailColumns} FROM items WHERE seq = ?`),
    }
  }

  /**
   * Opens the file (which must be a SQLite database or empty or missing),
   * making the schema and loading the seed when it is new, and returns it with
   * every item. Nothing is written to a file that is not an apictl store.
   */
  static async open(
    path: string,
    seed: () => Promise<StoreState>,
    release: () => void = () => undefined,
  ): Promise<{ file: SqliteDataFile; index: ItemIndex }> {
    checkHeader(path)
    let db: SqliteDatabase
    try {
      db = openSqlite(path)
      db.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`)
    } catch (error) {
      refuseDataFile(path, `cannot be opened as a SQLite database (${(error as Error).message})`, error)
    }
    try {
      const fresh = isNew(db, path)
      db.exec('PRAGMA journal_mode = WAL')
      db.exec('PRAGMA synchronous = FULL')
      let file: SqliteDataFile | undefined
      if (fresh) {
        const state = await seed()
        db.exec('BEGIN IMMEDIATE')
        // Another apictl process may have made it meanwhile (the local store on first use).
        if (isNew(db, path)) {
          db.exec(schema)
          file = new SqliteDataFile(path, db, release)
          file.#writeSeed(ItemIndex.fromState(state))
        }
        db.exec('COMMIT')
      }
      file ??= new SqliteDataFile(path, db, release)
      return { file, index: file.#load() }
    } catch (error) {
      if (db.inTransaction) db.exec('ROLLBACK')
      db.close()
      throw error
    }
  }

  poll(): OutsideChanges | undefined {
    // While this process's own commit runs, others' commits wait for the next look.
    if (this.#committing) return undefined
    const version = this.#statements.dataVersion.get()?.[0]
    if (version === this.#dataVersion) return undefined
    this.#dataVersion = version
    return this.#inTransaction(() => this.#outside())
  }

  begin(): void {
    try {
      this.#db.exec('BEGIN IMMEDIATE')
    } catch (error) {
      throw storageFailure(error, this.path)
    }
  }

  /**
   * Writes the group's rows, then commits on libsql's threads: the fsync
   * does not hold the event loop, so reads go on being answered and the next
   * group gathers meanwhile.
   */
  async commit(batch: WriteBatch): Promise<void> {
    const { logChange, putItem, deleteItem, setMeta, trimChanges } = this.#statements
    try {
      for (const { type, entry } of batch.events) {
        logChange.run(type, entry.seq, JSON.stringify(entry.item), JSON.stringify(entry.reviews))
      }
      for (const [id, entry] of batch.changes) {
        if (entry === null) deleteItem.run(id)
        else putItem.run(...itemRow(entry))
      }
      if (batch.nextItemId !== this.#counters.nextItemId) setMeta.run('next_item_id', batch.nextItemId)
      if (batch.nextReviewId !== this.#counters.nextReviewId)
        setMeta.run('next_review_id', batch.nextReviewId)
      // Under the write lock, with every other commit taken in, the log's rows are numbered on from ours.
      const last = this.#lastChange + batch.events.length
      if (Math.floor(last / trimEvery) !== Math.floor(this.#lastChange / trimEvery)) {
        trimChanges.run(last - keptChanges)
      }
      this.#committing = true
      try {
        await this.#db.execAsync('COMMIT')
      } finally {
        this.#committing = false
      }
      this.#lastChange = last
      this.#counters = { nextItemId: batch.nextItemId, nextReviewId: batch.nextReviewId }
    } catch (error) {
      throw storageFailure(error, this.path)
    }
  }

  abort(): void {
    if (this.#db.inTransaction) this.#db.exec('ROLLBACK')
  }

  close(): void {
    this.#db.close()
    this.#release()
  }

  /** Puts the store back to the seed, for every process sharing the file (they reload: the epoch changes). */
  reset(state: StoreState): void {
    this.begin()
    try {
      this.#db.exec('DELETE FROM items; DELETE FROM changes;')
      this.#writeSeed(ItemIndex.fromState(state))
      this.#statements.setMeta.run('epoch', this.#epoch + 1)
      this.#db.exec('COMMIT')
    } catch (error) {
      this.abort()
      throw storageFailure(error, this.path)
    }
    this.#load()
  }

  #writeSeed(index: ItemIndex): void {
    const { setMeta, putItem } = this.#statements
    setMeta.run('format', documentFormat)
    setMeta.run('version', schemaVersion)
    setMeta.run('next_item_id', index.nextItemId)
    setMeta.run('next_review_id', index.nextReviewId)
    for (const entry of index.entries()) putItem.run(...itemRow(entry))
  }

  #inTransaction<T>(read: () => T): T {
    if (this.#db.inTransaction) return read()
    this.#db.exec('BEGIN')
    try {
      return read()
    } finally {
      this.#db.exec('COMMIT')
    }
  }

  /**
   * Every item's place, id and tags, read in one transaction (the rest of
   * each row is read on first use); notes where the change log and the epoch
   * stand.
   */
  #load(): ItemIndex {
    return this.#inTransaction(() => {
      this.#dataVersion = this.#statements.dataVersion.get()?.[0]
      const index = new ItemIndex()
      const read = (seq: number, id: string) => this.#readDetail(seq, id)
      let row: unknown[] | undefined
      try {
        this.#statements.listedItems.forEach((each) => {
          row = each
          const tags = JSON.parse(each[2] as string) as string[]
          if (!Array.isArray(tags)) throw new Error('tags is not an array')
          index.put(new StoredEntry(each[0] as number, each[1] as string, Object.freeze(tags), read))
        })
      } catch (error) {
        if (isSqliteFailure(error)) throw error
        refuseDataFile(
          this.path,
          `is not a valid apictl store (items row ${JSON.stringify(row?.[1])}: ${(error as Error).message})`,
          error,
        )
      }
      const meta = this.#meta()
      index.nextItemId = meta.nextItemId
      index.nextReviewId = meta.nextReviewId
      this.#counters = { nextItemId: meta.nextItemId, nextReviewId: meta.nextReviewId }
      this.#epoch = meta.epoch
      this.#lastChange = (this.#statements.lastChange.get()?.[0] as number | null) ?? 0
      return index
    })
  }

  /** An item's fields and reviews, read when first asked for. */
  #readDetail(seq: number, id: string): Detail {
    const row = this.#statements.itemDetail.get(seq)
    // Deleted by another process since this one last looked: the next look drops it from the index.
    if (row === undefined) throw StoreError.notFound('item', id)
    return detailOf(id, row)
  }

  #meta(): { nextItemId: number; nextReviewId: number; epoch: number } {
    const values = new Map(this.#statements.meta.all().map(([key, value]) => [key as string, Number(value)]))
    return {
      nextItemId: values.get('next_item_id') ?? 1,
      nextReviewId: values.get('next_review_id') ?? 1,
      epoch: values.get('epoch') ?? 0,
    }
  }

  /** Other processes' commits since the last look: their change-log rows, or everything when the log moved on (a reset, a long absence). */
  #outside(): OutsideChanges {
    const meta = this.#meta()
    const first = this.#statements.firstChange.get()?.[0] as number | null
    if (meta.epoch !== this.#epoch || (first !== null && first > this.#lastChange + 1)) {
      return { kind: 'reload', index: this.#load() }
    }
    const changes: OutsideChange[] = []
    for (const [seq, type, itemSeq, itemText, reviews] of this.#statements.changesAfter.all(
      this.#lastChange,
    )) {
      const parsed = JSON.parse(itemText as string) as Item
      const item = Object.freeze({ ...parsed, tags: Object.freeze(parsed.tags) })
      changes.push({
        type: type as ChangeType,
        entry: entryOf(itemSeq as number, item, readReviews(reviews as string)),
      })
      this.#lastChange = seq as number
    }
    this.#counters = { nextItemId: meta.nextItemId, nextReviewId: meta.nextReviewId }
    return { kind: 'changes', changes, nextItemId: meta.nextItemId, nextReviewId: meta.nextReviewId }
  }
}

const sqliteHeader = 'SQLite format 3\0'

/** A file that is there and not empty must start as a SQLite database does, or it is not opened at all. */
function checkHeader(path: string): void {
  let header: string
  try {
    const fd = openSync(path, 'r')
    try {
      const bytes = Buffer.alloc(sqliteHeader.length)
      header = bytes.subarray(0, readSync(fd, bytes, 0, bytes.length, 0)).toString('latin1')
    } finally {
      closeSync(fd)
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
    refuseDataFile(path, 'cannot be read', error)
  }
  if (header !== '' && header !== sqliteHeader) {
    const looksJson = /^\s*[[{]/.test(header)
    refuseDataFile(
      path,
      `is not a SQLite database${looksJson ? ' (it looks like JSON: only a name ending in .json is read as a JSON store)' : ''}`,
      undefined,
    )
  }
}

/**
 * Whether the database has no tables yet (a new or empty file). A database
 * with tables that are not an apictl store's, or of another version, is
 * refused; reading a file that is not a database fails here, before anything
 * is written.
 */
function isNew(db: SqliteDatabase, path: string): boolean {
  let tables: string[]
  try {
    tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all()
      .map((row) => row[0] as string)
  } catch (error) {
    refuseDataFile(path, `is not a valid SQLite database (${(error as Error).message})`, error)
  }
  if (tables.length === 0) return true
  if (!tables.includes('store_meta') || !tables.includes('items') || !tables.includes('changes')) {
    refuseDataFile(
      path,
      `is a SQLite database but not an apictl store (its tables: ${tables.slice(0, 8).join(', ')})`,
      undefined,
    )
  }
  const meta = new Map(
    db
      .prepare("SELECT key, value FROM store_meta WHERE key IN ('format', 'version')")
      .all()
      .map(([key, value]) => [key, value]),
  )
  if (meta.get('format') !== documentFormat) {
    refuseDataFile(
      path,
      `is a SQLite database but not an apictl store (no format "${documentFormat}")`,
      undefined,
    )
  }
  if (Number(meta.get('version')) !== schemaVersion) {
    refuseDataFile(
      path,
      `is an apictl store of version ${String(meta.get('version'))}; this apictl reads version ${schemaVersion}`,
      undefined,
    )
  }
  return false
}
