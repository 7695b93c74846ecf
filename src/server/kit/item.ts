/** The reference server's domain: items and their reviews (SPEC §7). */

export interface Item {
  readonly id: string
  readonly name: string
  readonly description: string | null
  readonly price: number
  readonly quantity: number
  readonly tags: readonly string[]
  readonly createdAt: string
  readonly updatedAt: string
}

export interface Review {
  readonly id: string
  readonly rating: number
  readonly comment: string | null
  readonly author: string
}

/** The fields a client may write; id and timestamps are the server's. */
export interface ItemFields {
  name: string
  description: string | null
  price: number
  quantity: number
  tags: string[]
}

export interface ReviewFields {
  rating: number
  comment: string | null
  author: string
}

export const itemFieldNames = ['name', 'description', 'price', 'quantity', 'tags'] as const
export const reviewFieldNames = ['rating', 'comment', 'author'] as const

export type ChangeType = 'created' | 'updated' | 'deleted'

/** One entry of the store's change feed (what GraphQL subscriptions relay). */
export interface ChangeEvent {
  type: ChangeType
  item: Item
}
