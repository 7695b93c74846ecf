import { HttpError } from '../../../server/kit/http/http-error.js'
import type { ApiVersion } from './representation.js'

export type RouteKind = 'items' | 'item' | 'reviews' | 'review'

export interface RestRoute {
  version: ApiVersion
  kind: RouteKind
  itemId: string
  reviewId: string
}

/** The methods each route answers, as sent in `Allow`. */
export const allowedMethods: Record<RouteKind, string> = {
  items: 'GET, HEAD, POST, OPTIONS',
  item: 'GET, HEAD, PUT, PATCH, DELETE, OPTIONS',
  reviews: 'GET, HEAD, POST, OPTIONS',
  review: 'GET, HEAD, OPTIONS',
}

/** Each route as an OpenAPI path template under its version (`/v1` + template). */
export const routeTemplates: Record<RouteKind, string> = {
  items: '/items',
  item: '/items/{id}',
  reviews: '/items/{id}/reviews',
  review: '/items/{id}/reviews/{reviewId}',
}

function segment(text: string): string {
  if (!text.includes('%')) return text
  try {
    return decodeURIComponent(text)
  } catch {
    throw new HttpError(
      400,
      `the path segment ${JSON.stringify(text.slice(0, 40))} is not valid percent-encoding`,
    )
  }
}

/**
 * `/v1/items`, `/v1/items/{id}`, `/v1/items/{id}/reviews`,
 * `/v1/items/{id}/reviews/{reviewId}` (and the same under /v2; one trailing
 * slash allowed), or undefined for any other path.
 */
export function matchRoute(path: string): RestRoute | undefined {
  const version = path.startsWith('/v1/') ? 'v1' : path.startsWith('/v2/') ? 'v2' : undefined
  if (version === undefined) return undefined
  const rest = path.endsWith('/') ? path.slice(4, -1) : path.slice(4)
  const parts = rest.split('/')
  if (parts[0] !== 'items' || parts.includes('')) return undefined
  switch (parts.length) {
    case 1:
      return { version, kind: 'items', itemId: '', reviewId: '' }
    case 2:
      return { version, kind: 'item', itemId: segment(parts[1]!), reviewId: '' }
    case 3:
      return parts[2] === 'reviews'
        ? { version, kind: 'reviews', itemId: segment(parts[1]!), reviewId: '' }
        : undefined
    case 4:
      return parts[2] === 'reviews'
        ? { version, kind: 'review', itemId: segment(parts[1]!), reviewId: segment(parts[3]!) }
        : undefined
    default:
      return undefined
  }
}
