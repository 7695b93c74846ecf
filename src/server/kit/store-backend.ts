import type { ChangeType } from './item.js'
import type { Entry, ItemIndex } from './item-index.js'
import type { WriteBatch } from './write-batch.js'

/** One commit made by another process on a shared data file, as that process logged it. */
export interface OutsideChange {
  type: ChangeType
  /** The entry after the change; for `deleted`, as it was. */
  entry: Entry
}

/** What other processes committed since the index last looked: single changes, or a whole new store (a reset). */
export type OutsideChanges =
  | { kind: 'changes'; changes: OutsideChange[]; nextItemId: number; nextReviewId: number }
  | { kind: 'reload'; index: ItemIndex }

/**
 * Where the store's acknowledged writes go (a --data file, the local
 * profile's store). The store keeps every item in memory for reads; the
 * backend makes each group of writes durable before any is acknowledged.
 */
export interface StoreBackend {
  /** Where the data lives, for messages. */
  readonly path: string
  /**
   * Another process's commits since the last call, when others may write the
   * same file (SQLite); synchronous and cheap when there are none.
   */
  poll?(): OutsideChanges | undefined
  /** Starts a group of writes: until commit or abort no other process writes (SQLite BEGIN IMMEDIATE). */
  begin?(): void
  /** Makes the group durable; throws StorageError when the disk is full or the file stays locked. */
  commit(batch: WriteBatch): void | Promise<void>
  /** Ends a group that will not be committed. */
  abort?(): void
  /** Releases the file (and its lock). */
  close?(): void
}
