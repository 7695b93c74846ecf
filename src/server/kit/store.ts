import { ChangeFeed } from './change-feed.js'
import type { ChangeEvent, Item, ItemFields, Review } from './item.js'
import { type Entry, entryOf, ItemIndex } from './item-index.js'
import { checkPatchFields, validateItemFields, validateReviewFields } from './item-validation.js'
import { applyMergePatch } from './merge-patch.js'
import type { OutsideChanges, StoreBackend } from './store-backend.js'
import { StoreError } from './store-error.js'
import type { StoreState } from './store-state.js'
import { WriteBatch } from './write-batch.js'

export interface ListOptions {
  /** 1-based. */
  page: number
  limit: number
  tag?: string | undefined
}

export interface ItemPage {
  items: Item[]
  /** Matching items across all pages. */
  total: number
  page: number
  limit: number
}

export interface StoreOptions {
  /** Where writes are made durable; without one the store lives in memory. */
  backend?: StoreBackend
  now?: () => Date
  /** How often a shared file is looked at for other processes' commits while someone subscribes (ms). */
  watchIntervalMs?: number
}

/** A write waiting for its group: applied to the group's batch, then acknowledged once durable. */
interface PendingWrite {
  apply(batch: WriteBatch): { result: unknown; event: ChangeEvent }
  resolve(value: unknown): void
  reject(error: unknown): void
}

const defaultWatchIntervalMs = 100

/**
 * The one store behind REST, GraphQL and SOAP. Every item is in memory (an
 * ItemIndex), so reads are synchronous and a page or a count costs no scan.
 * Writes are validated at once, then queued: the writes that arrive in one
 * turn of the event loop (and while a save runs) form one group, applied over
 * the index, made durable by the backend in one save or transaction, and only
 * then shown to readers, acknowledged and published to `changes`. A group
 * the backend cannot save is rejected whole and changes nothing.
 *
 * On a file other processes share (the local profile's SQLite store), reads
 * first take in their commits (looked at once per event-loop turn), a group
 * of writes starts by taking them in under the file's write lock, and while
 * someone subscribes the file is looked at on a timer.
 */
export class Store {
  readonly changes = new ChangeFeed()
  #index: ItemIndex
  readonly #backend: StoreBackend | undefined
  readonly #now: () => Date
  #queue: PendingWrite[] = []
  #pending: Promise<void> | undefined
  #looked = false
  #watch: NodeJS.Timeout | undefined

  constructor(state: StoreState | ItemIndex, options: StoreOptions = {}) {
    this.#index = state instanceof ItemIndex ? state : ItemIndex.fromState(state)
    this.#backend = options.backend
    this.#now = options.now ?? (() => new Date())
    if (this.#backend?.poll !== undefined) {
      const interval = options.watchIntervalMs ?? defaultWatchIntervalMs
      this.changes.onWatchers((count) => this.#watchOutside(count > 0, interval))
    }
  }

  /** Where the data lives (a file path), or undefined in memory. */
  get location(): string | undefined {
    return this.#backend?.path
  }

  count(tag?: string): number {
    this.#lookOutside()
    return this.#index.count(tag)
  }

  get(id: string): Item | undefined {
    this.#lookOutside()
    return this.#index.get(id)?.item
  }

  list(options: ListOptions): ItemPage {
    this.#lookOutside()
    const start = (options.page - 1) * options.limit
    const items = this.#index.slice(start, start + options.limit, options.tag).map((entry) => entry.item)
    return { items, total: this.#index.count(options.tag), page: options.page, limit: options.limit }
  }

  /** The reviews of an item, or undefined when the item does not exist. */
  listReviews(itemId: string): readonly Review[] | undefined {
    this.#lookOutside()
    return this.#index.get(itemId)?.reviews
  }

  async create(input: unknown): Promise<Item> {
    const fields = validateItemFields(input)
    return this.#enqueue((batch) => {
      const now = this.#timestamp()
      const id = String(batch.nextItemId++)
      const entry = entryOf(batch.nextSeq++, freeze({ id, ...fields, createdAt: now, updatedAt: now }), [])
      batch.record('created', entry)
      return { result: entry.item, event: { type: 'created', item: entry.item } }
    })
  }

  /** Replaces every writable field (PUT): missing optional fields take their defaults. */
  async replace(id: string, input: unknown): Promise<Item> {
    this.#existing(id)
    const fields = validateItemFields(input)
    return this.#enqueue((batch) => this.#update(batch, existingIn(batch, id), fields))
  }

  /** Applies an RFC 7396 merge patch to the writable fields; `null` clears a field. */
  async patch(id: string, mergePatch: unknown): Promise<Item> {
    this.#existing(id)
    checkPatchFields(mergePatch)
    return this.#enqueue((batch) => {
      const current = existingIn(batch, id)
      const { id: _id, createdAt: _created, updatedAt: _updated, ...writable } = current.item
      return this.#update(batch, current, validateItemFields(applyMergePatch(writable, mergePatch)))
    })
  }

  async remove(id: string): Promise<Item> {
    this.#existing(id)
    return this.#enqueue((batch) => {
      const current = existingIn(batch, id)
      batch.record('deleted', current)
      return { result: current.item, event: { type: 'deleted', item: current.item } }
    })
  }

  /**
   * Adds a review; the item's `reviews` changed, so the feed tells an
   * `updated` event carrying the item (its own fields and updatedAt stay).
   */
  async addReview(itemId: string, input: unknown): Promise<Review> {
    this.#existing(itemId)
    const fields = validateReviewFields(input)
    return this.#enqueue((batch) => {
      const current = existingIn(batch, itemId)
      const review: Review = Object.freeze({ id: String(batch.nextReviewId++), ...fields })
      batch.record('updated', entryOf(current.seq, current.item, Object.freeze([...current.reviews, review])))
      return { result: review, event: { type: 'updated', item: current.item } }
    })
  }

  /** Resolves when every write so far is on disk (or at once without a data file). */
  async flushed(): Promise<void> {
    while (this.#pending) await this.#pending
  }

  /** Waits for pending writes, then releases the data file. */
  async close(): Promise<void> {
    this.#watchOutside(false, 0)
    await this.flushed()
    this.#backend?.close?.()
  }

  #existing(id: string): Entry {
    this.#lookOutside()
    const entry = this.#index.get(id)
    if (entry === undefined) throw StoreError.notFound('item', id)
    return entry
  }

  #timestamp(): string {
    return this.#now().toISOString()
  }

  #update(batch: WriteBatch, current: Entry, fields: ItemFields): { result: Item; event: ChangeEvent } {
    const item = freeze({
      id: current.item.id,
      ...fields,
      createdAt: current.item.createdAt,
      updatedAt: this.#timestamp(),
    })
    batch.record('updated', entryOf(current.seq, item, current.reviews))
    return { result: item, event: { type: 'updated', item } }
  }

  /** Queues a write for the next group; in memory it is applied at once. */
  #enqueue<T>(apply: PendingWrite['apply']): Promise<T> {
    if (this.#backend === undefined) {
      const batch = new WriteBatch(this.#index)
      try {
        const { result, event } = apply(batch)
        batch.applyTo(this.#index)
        this.changes.publish(event)
        return Promise.resolve(result as T)
      } catch (error) {
        return Promise.reject(error)
      }
    }
    const done = new Promise<T>((resolve, reject) =>
      this.#queue.push({ apply, resolve: resolve as (value: unknown) => void, reject }),
    )
    this.#schedule(this.#backend)
    return done
  }

  /** One group per event-loop turn: the writes whose requests were read in this turn go together. */
  #schedule(backend: StoreBackend): void {
    if (this.#pending !== undefined) return
    this.#pending = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.#flush(backend))
      .finally(() => {
        this.#pending = undefined
        // Writes queued after the last group was taken, while the flush was ending.
        if (this.#queue.length > 0) this.#schedule(backend)
      })
  }

  /** Group commit: each group carries every write queued before it started. */
  async #flush(backend: StoreBackend): Promise<void> {
    while (this.#queue.length > 0) {
      const writes = this.#queue
      this.#queue = []
      try {
        await this.#commitGroup(backend, writes)
      } catch (error) {
        // Whatever went wrong, no write of the group is left waiting, and no transaction open.
        try {
          backend.abort?.()
        } catch {
          // the abort's own failure adds nothing
        }
        for (const write of writes) write.reject(error)
      }
    }
  }

  async #commitGroup(backend: StoreBackend, writes: PendingWrite[]): Promise<void> {
    backend.begin?.()
    this.#takeOutside(backend.poll?.())
    const batch = new WriteBatch(this.#index)
    const applied: Array<{ write: PendingWrite; result: unknown; event: ChangeEvent }> = []
    for (const write of writes) {
      try {
        applied.push({ write, ...write.apply(batch) })
      } catch (error) {
        write.reject(error)
      }
    }
    if (applied.length === 0) {
      backend.abort?.()
      return
    }
    await backend.commit(batch)
    batch.applyTo(this.#index)
    for (const { write, result, event } of applied) {
      this.changes.publish(event)
      write.resolve(result)
    }
  }

  /** Takes in other processes' commits, at most once per event-loop turn. */
  #lookOutside(): void {
    if (this.#backend?.poll === undefined || this.#looked) return
    this.#looked = true
    setImmediate(() => {
      this.#looked = false
    })
    this.#takeOutside(this.#backend.poll())
  }

  #takeOutside(outside: OutsideChanges | undefined): void {
    if (outside === undefined) return
    if (outside.kind === 'reload') {
      this.#index = outside.index
      return
    }
    for (const { type, entry } of outside.changes) {
      if (type === 'deleted') this.#index.delete(entry.id)
      else this.#index.put(entry)
      this.changes.publish({ type, item: entry.item })
    }
    this.#index.nextItemId = Math.max(this.#index.nextItemId, outside.nextItemId)
    this.#index.nextReviewId = Math.max(this.#index.nextReviewId, outside.nextReviewId)
  }

  #watchOutside(on: boolean, intervalMs: number): void {
    if (!on) {
      clearInterval(this.#watch)
      this.#watch = undefined
    } else if (this.#watch === undefined && this.#backend?.poll !== undefined) {
      const backend = this.#backend
      this.#watch = setInterval(() => this.#takeOutside(backend.poll?.()), intervalMs)
      this.#watch.unref()
    }
  }
}

function existingIn(batch: WriteBatch, id: string): Entry {
  const entry = batch.get(id)
  if (entry === undefined) throw StoreError.notFound('item', id)
  return entry
}

function freeze(item: Omit<Item, 'tags'> & { tags: readonly string[] }): Item {
  return Object.freeze({ ...item, tags: Object.freeze([...item.tags]) })
}
