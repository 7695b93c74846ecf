import { ChangeFeed } from './change-feed.js'
import type { ChangeType, Item, ItemFields, Review } from './item.js'
import { checkPatchFields, validateItemFields, validateReviewFields } from './item-validation.js'
import { applyMergePatch } from './merge-patch.js'
import { StoreError } from './store-error.js'
import { copyState, type StoreState } from './store-state.js'

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

/** Where acknowledged writes go before they are acknowledged (the --data file). */
export interface StateSink {
  save(state: StoreState): Promise<void>
}

interface Waiter {
  resolve(): void
  reject(error: unknown): void
}

/**
 * The one store behind REST, GraphQL and SOAP. Reads are synchronous; writes
 * validate, apply in memory, and resolve once durable (when a sink is set:
 * concurrent writes share one file write), then publish to `changes`. If a
 * save fails, every write not yet on disk is rolled back and rejected.
 * Ids are allocated synchronously, so concurrent creates cannot collide.
 */
export class Store {
  readonly changes = new ChangeFeed()
  #state: StoreState
  #durable: StoreState
  #ordered: Item[] | undefined
  readonly #sink: StateSink | undefined
  readonly #now: () => Date
  #waiters: Waiter[] = []
  #flushing: Promise<void> | undefined

  constructor(state: StoreState, options: { sink?: StateSink; now?: () => Date } = {}) {
    this.#state = state
    this.#durable = copyState(state)
    this.#sink = options.sink
    this.#now = options.now ?? (() => new Date())
  }

  count(tag?: string): number {
    return tag === undefined ? this.#state.items.size : this.#matching(tag).length
  }

  get(id: string): Item | undefined {
    return this.#state.items.get(id)
  }

  list(options: ListOptions): ItemPage {
    const matching = this.#matching(options.tag)
    const start = (options.page - 1) * options.limit
    const items = start < matching.length ? matching.slice(start, start + options.limit) : []
    return { items, total: matching.length, page: options.page, limit: options.limit }
  }

  /** The reviews of an item, or undefined when the item does not exist. */
  listReviews(itemId: string): readonly Review[] | undefined {
    if (!this.#state.items.has(itemId)) return undefined
    return this.#state.reviews.get(itemId) ?? []
  }

  async create(input: unknown): Promise<Item> {
    const fields = validateItemFields(input)
    const now = this.#timestamp()
    const id = String(this.#state.nextItemId++)
    return this.#write('created', this.#freeze({ id, ...fields, createdAt: now, updatedAt: now }))
  }

  /** Replaces every writable field (PUT): missing optional fields take their defaults. */
  async replace(id: string, input: unknown): Promise<Item> {
    const current = this.#existing(id)
    return this.#update(current, validateItemFields(input))
  }

  /** Applies an RFC 7396 merge patch to the writable fields; `null` clears a field. */
  async patch(id: string, mergePatch: unknown): Promise<Item> {
    const current = this.#existing(id)
    checkPatchFields(mergePatch)
    const { id: _id, createdAt: _created, updatedAt: _updated, ...writable } = current
    return this.#update(current, validateItemFields(applyMergePatch(writable, mergePatch)))
  }

  async remove(id: string): Promise<Item> {
    const current = this.#existing(id)
    this.#state.items.delete(id)
    this.#state.reviews.delete(id)
    this.#ordered = undefined
    await this.#commit()
    this.changes.publish({ type: 'deleted', item: current })
    return current
  }

  /**
   * Adds a review; the item's `reviews` changed, so the feed tells an
   * `updated` event carrying the item (its own fields and updatedAt stay).
   */
  async addReview(itemId: string, input: unknown): Promise<Review> {
    const item = this.#existing(itemId)
    const fields = validateReviewFields(input)
    const review: Review = Object.freeze({ id: String(this.#state.nextReviewId++), ...fields })
    this.#state.reviews.set(itemId, Object.freeze([...(this.#state.reviews.get(itemId) ?? []), review]))
    await this.#commit()
    this.changes.publish({ type: 'updated', item: this.#state.items.get(itemId) ?? item })
    return review
  }

  /** Resolves when every write so far is on disk (or at once without a data file). */
  async flushed(): Promise<void> {
    while (this.#flushing) await this.#flushing.catch(() => undefined)
  }

  #matching(tag: string | undefined): Item[] {
    this.#ordered ??= [...this.#state.items.values()]
    return tag === undefined ? this.#ordered : this.#ordered.filter((item) => item.tags.includes(tag))
  }

  #existing(id: string): Item {
    const item = this.#state.items.get(id)
    if (item === undefined) throw StoreError.notFound('item', id)
    return item
  }

  #timestamp(): string {
    return this.#now().toISOString()
  }

  #freeze(item: Omit<Item, 'tags'> & { tags: string[] }): Item {
    return Object.freeze({ ...item, tags: Object.freeze(item.tags) })
  }

  async #update(current: Item, fields: ItemFields): Promise<Item> {
    const next = this.#freeze({
      id: current.id,
      ...fields,
      createdAt: current.createdAt,
      updatedAt: this.#timestamp(),
    })
    return this.#write('updated', next)
  }

  async #write(type: ChangeType, item: Item): Promise<Item> {
    this.#state.items.set(item.id, item)
    this.#ordered = undefined
    await this.#commit()
    this.changes.publish({ type, item })
    return item
  }

  #commit(): Promise<void> {
    if (this.#sink === undefined) return Promise.resolve()
    const done = new Promise<void>((resolve, reject) => this.#waiters.push({ resolve, reject }))
    this.#flushing ??= this.#flush(this.#sink).finally(() => {
      this.#flushing = undefined
    })
    return done
  }

  /** Group commit: each save carries every write applied before it started. */
  async #flush(sink: StateSink): Promise<void> {
    while (this.#waiters.length > 0) {
      const batch = this.#waiters
      this.#waiters = []
      const snapshot = copyState(this.#state)
      try {
        await sink.save(snapshot)
        this.#durable = snapshot
        for (const waiter of batch) waiter.resolve()
      } catch (error) {
        const failed = [...batch, ...this.#waiters]
        this.#waiters = []
        this.#state = copyState(this.#durable)
        this.#ordered = undefined
        for (const waiter of failed) waiter.reject(error)
      }
    }
  }
}
