import type { ChangeType } from './item.js'
import type { Entry, ItemIndex } from './item-index.js'

/** Every item of a store in listing order, and its counters: what a data file writes out. */
export interface StoreSnapshot {
  entries(): Iterable<Entry>
  readonly nextItemId: number
  readonly nextReviewId: number
}

/** One acknowledged change, as the change feed and SQLite's change log record it. */
export interface BatchEvent {
  type: ChangeType
  /** The entry after the change; for `deleted`, as it was. */
  entry: Entry
}

/**
 * One group of writes, applied over the index without touching it: reads of
 * the index see only what is durable, while the writes of the group see each
 * other. Once the data file has the group, `applyTo` makes it visible.
 */
export class WriteBatch {
  /** Each touched item's last entry, or null when deleted, in first-touch order. */
  readonly changes = new Map<string, Entry | null>()
  readonly events: BatchEvent[] = []
  nextItemId: number
  nextReviewId: number
  nextSeq: number
  readonly #index: ItemIndex

  constructor(index: ItemIndex) {
    this.#index = index
    this.nextItemId = index.nextItemId
    this.nextReviewId = index.nextReviewId
    this.nextSeq = index.nextSeq
  }

  get(id: string): Entry | undefined {
    const changed = this.changes.get(id)
    return changed === undefined ? this.#index.get(id) : (changed ?? undefined)
  }

  record(type: ChangeType, entry: Entry): void {
    this.events.push({ type, entry })
    this.changes.set(entry.id, type === 'deleted' ? null : entry)
  }

  applyTo(index: ItemIndex): void {
    for (const [id, entry] of this.changes) {
      if (entry === null) index.delete(id)
      else index.put(entry)
    }
    index.nextItemId = Math.max(index.nextItemId, this.nextItemId)
    index.nextReviewId = Math.max(index.nextReviewId, this.nextReviewId)
  }

  /** The store as it will be once this batch is durable (for a file that is written whole). */
  after(): StoreSnapshot {
    const index = this.#index
    const changes = this.changes
    return {
      nextItemId: this.nextItemId,
      nextReviewId: this.nextReviewId,
      *entries() {
        for (const entry of index.entries()) {
          const changed = changes.get(entry.id)
          if (changed === undefined) yield entry
          else if (changed !== null) yield changed
        }
        const created = [...changes.values()].filter(
          (entry): entry is Entry => entry !== null && index.get(entry.id) === undefined,
        )
        yield* created.sort((a, b) => a.seq - b.seq)
      },
    }
  }
}
