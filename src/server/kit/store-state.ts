import type { Item, Review } from './item.js'

/**
 * Everything the store holds. Items and review lists are immutable values
 * (a write replaces them), so copying a state is cheap: new maps, same values.
 */
export interface StoreState {
  /** In insertion order, which is the listing order. */
  items: Map<string, Item>
  reviews: Map<string, readonly Review[]>
  nextItemId: number
  nextReviewId: number
}

export function copyState(state: StoreState): StoreState {
  return {
    items: new Map(state.items),
    reviews: new Map(state.reviews),
    nextItemId: state.nextItemId,
    nextReviewId: state.nextReviewId,
  }
}
