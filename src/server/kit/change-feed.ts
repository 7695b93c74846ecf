import { EventEmitter, on } from 'node:events'
import type { ChangeEvent } from './item.js'

/**
 * The store's in-process feed of acknowledged changes, in commit order.
 * Listen with `subscribe` or iterate with `events()` (what a GraphQL
 * subscription resolver returns); an AbortSignal ends the iteration.
 */
export class ChangeFeed {
  readonly #emitter = new EventEmitter()
  #onWatchers: ((count: number) => void) | undefined

  constructor() {
    this.#emitter.setMaxListeners(0)
    const changed = () => queueMicrotask(() => this.#onWatchers?.(this.listenerCount))
    this.#emitter.on('newListener', changed)
    this.#emitter.on('removeListener', changed)
  }

  publish(event: ChangeEvent): void {
    this.#emitter.emit('change', event)
  }

  /** Calls `listener` for every change until the returned function is called. */
  subscribe(listener: (event: ChangeEvent) => void): () => void {
    this.#emitter.on('change', listener)
    return () => this.#emitter.off('change', listener)
  }

  /** Every change from now on, as an async iterator (buffered, never drops). */
  async *events(signal?: AbortSignal): AsyncGenerator<ChangeEvent> {
    try {
      for await (const [event] of on(this.#emitter, 'change', { signal })) yield event as ChangeEvent
    } catch (error) {
      if (!(signal?.aborted && (error as Error).name === 'AbortError')) throw error
    }
  }

  get listenerCount(): number {
    return this.#emitter.listenerCount('change')
  }

  /** Told the number of listeners whenever it changes (the store watches a shared file only while someone listens). */
  onWatchers(callback: (count: number) => void): void {
    this.#onWatchers = callback
  }
}
