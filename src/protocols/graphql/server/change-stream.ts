import type { ChangeFeed } from '../../../server/kit/change-feed.js'
import type { ChangeEvent } from '../../../server/kit/item.js'

/**
 * The source of an itemChanged subscription: the feed's events from this
 * call on (listening starts now, not at the first pull, so nothing published
 * in between is missed). `return()` (the client completes or goes away)
 * stops listening at once, even while a pull is waiting for the next event.
 */
export function changeStream(feed: ChangeFeed): AsyncIterableIterator<ChangeEvent> {
  const controller = new AbortController()
  const events = feed.events(controller.signal)
  let first: Promise<IteratorResult<ChangeEvent>> | undefined = events.next()
  return {
    next() {
      const pending = first ?? events.next()
      first = undefined
      return pending
    },
    async return() {
      controller.abort()
      first = undefined
      return events.return(undefined)
    },
    [Symbol.asyncIterator]() {
      return this
    },
  }
}
