import type { ChangeFeed } from '../../../server/kit/change-feed.js'
import type { Item, Review } from '../../../server/kit/item.js'
import type { Store } from '../../../server/kit/store.js'
import type { FieldProblem } from '../../../server/kit/store-error.js'
import { isStorageError, isStoreError } from '../../../server/kit/store-error.js'
import { badUserInput, notFound, storageFailed } from './graphql-errors.js'

/** The bounds REST applies to `page` and `limit` too. */
const maximumPage = 1_000_000
const maximumLimit = 100

export interface ItemsPaging {
  page: number
  limit: number
  tag?: string | null | undefined
}

/**
 * Turns the store's refusals into GraphQL errors, naming fields by their path
 * in `argument`; anything else goes on as it is (an internal error).
 */
function refused(argument: string): (error: unknown) => never {
  return (error) => {
    if (isStorageError(error)) throw storageFailed(error.code, error.message)
    if (!isStoreError(error)) throw error
    if (error.code === 'NOT_FOUND') throw notFound(error.message)
    const problems = error.problems.map((problem) => ({
      field: problem.field === '(body)' ? argument : `${argument}.${problem.field}`,
      message: problem.message,
    }))
    throw badUserInput(problems)
  }
}

function checkPaging({ page, limit }: ItemsPaging): void {
  const problems: FieldProblem[] = []
  if (!(page >= 1 && page <= maximumPage))
    problems.push({ field: 'page', message: `must be a whole number from 1 to ${maximumPage}` })
  if (!(limit >= 1 && limit <= maximumLimit))
    problems.push({ field: 'limit', message: `must be a whole number from 1 to ${maximumLimit}` })
  if (problems.length > 0) throw badUserInput(problems)
}

/**
 * The store as the resolvers see it (`contextValue.dataSources.items`), one
 * per operation: reads as the store has them, writes with the store's
 * refusals turned into BAD_USER_INPUT and NOT_FOUND errors.
 */
export class ItemsDataSource {
  readonly #store: Store

  constructor(store: Store) {
    this.#store = store
  }

  list(paging: ItemsPaging): readonly Item[] {
    checkPaging(paging)
    return this.#store.list({ page: paging.page, limit: paging.limit, tag: paging.tag ?? undefined }).items
  }

  get(id: string): Item | null {
    return this.#store.get(id) ?? null
  }

  count(tag?: string | null): number {
    return this.#store.count(tag ?? undefined)
  }

  /** The reviews of an item; none for an item deleted meanwhile. */
  reviewsOf(itemId: string): readonly Review[] {
    return this.#store.listReviews(itemId) ?? []
  }

  /** Every acknowledged write, whichever style made it (what itemChanged relays). */
  get changes(): ChangeFeed {
    return this.#store.changes
  }

  create(input: unknown): Promise<Item> {
    return this.#store.create(input).catch(refused('input'))
  }

  /** Applies `patch` as a JSON merge patch: null clears an optional field. */
  update(id: string, patch: unknown): Promise<Item> {
    return this.#store.patch(id, patch).catch(refused('input'))
  }

  remove(id: string): Promise<Item> {
    return this.#store.remove(id).catch(refused('id'))
  }

  addReview(itemId: string, input: unknown): Promise<Review> {
    return this.#store.addReview(itemId, input).catch(refused('input'))
  }
}
