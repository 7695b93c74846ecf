import type { OutgoingHttpHeaders } from 'node:http'
import type { Review } from '../../../server/kit/item.js'
import { StoreError } from '../../../server/kit/store-error.js'
import { readJsonBody } from './json-body.js'
import { linkHeader, parsePaging } from './paging.js'
import { jsonArray, reviewJson } from './representation.js'
import { type RestExchange, sendJsonBody, sendXmlBody, versionUrl } from './rest-exchange.js'

function reviewsOf(exchange: RestExchange): readonly Review[] {
  const reviews = exchange.services.store.listReviews(exchange.route.itemId)
  if (reviews === undefined) throw StoreError.notFound('item', exchange.route.itemId)
  return reviews
}

function sendReview(
  exchange: RestExchange,
  status: number,
  review: Review,
  headers?: OutgoingHttpHeaders,
): void {
  if (exchange.format === 'json') sendJsonBody(exchange, status, reviewJson(review), headers)
  else sendXmlBody(exchange, status, 'review', review, headers)
}

/**
 * GET /vN/items/{id}/reviews?page=&limit=: the item's reviews, oldest first,
 * paged like the items (limit default 20, max 100) with X-Total-Count and Link.
 */
export function listReviews(exchange: RestExchange): void {
  const { page, limit } = parsePaging(exchange.query)
  const paging = { page, limit, tag: undefined }
  const reviews = reviewsOf(exchange)
  const start = (page - 1) * limit
  const shown = start < reviews.length ? reviews.slice(start, start + limit) : []
  const collection = `${versionUrl(exchange)}/items/${encodeURIComponent(exchange.route.itemId)}/reviews`
  const headers = {
    'X-Total-Count': String(reviews.length),
    Link: linkHeader(collection, paging, reviews.length),
  }
  if (exchange.format === 'json') sendJsonBody(exchange, 200, jsonArray(shown, reviewJson), headers)
  else sendXmlBody(exchange, 200, 'reviews', shown, headers)
}

/** GET /vN/items/{id}/reviews/{reviewId}: where a created review's Location points. */
export function getReview(exchange: RestExchange): void {
  const review = reviewsOf(exchange).find((candidate) => candidate.id === exchange.route.reviewId)
  if (review === undefined) throw StoreError.notFound('review', exchange.route.reviewId)
  sendReview(exchange, 200, review)
}

/** POST /vN/items/{id}/reviews: 201 with Location. */
export async function createReview(exchange: RestExchange): Promise<void> {
  const body = await readJsonBody(exchange.request, { patch: false })
  const { itemId } = exchange.route
  const review = await exchange.services.store.addReview(itemId, body)
  const location = `${versionUrl(exchange)}/items/${encodeURIComponent(itemId)}/reviews/${encodeURIComponent(review.id)}`
  sendReview(exchange, 201, review, { Location: location })
}
