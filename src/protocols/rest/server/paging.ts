import { HttpError } from '../../../server/kit/http/http-error.js'

export const defaultLimit = 20
export const maximumLimit = 100
const maximumPage = 1_000_000

export interface Paging {
  page: number
  limit: number
  tag: string | undefined
}

function wholeNumber(params: URLSearchParams, name: string, fallback: number, maximum: number): number {
  const text = params.get(name)
  if (text === null) return fallback
  const value = /^\d{1,7}$/.test(text) ? Number(text) : Number.NaN
  if (!(value >= 1 && value <= maximum)) {
    throw new HttpError(
      400,
      `${name}=${JSON.stringify(text.slice(0, 40))} is not allowed: ${name} must be a whole number from 1 to ${maximum}`,
    )
  }
  return value
}

/** `page` (from 1), `limit` (1..100, default 20) and an optional `tag` filter from the query string. */
export function parsePaging(query: string): Paging {
  if (query === '') return { page: 1, limit: defaultLimit, tag: undefined }
  const params = new URLSearchParams(query)
  const tag = params.get('tag')
  return {
    page: wholeNumber(params, 'page', 1, maximumPage),
    limit: wholeNumber(params, 'limit', defaultLimit, maximumLimit),
    tag: tag === null || tag === '' ? undefined : tag,
  }
}

/** The last page number for `total` items (1 when there are none). */
export function lastPage(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit))
}

/** An RFC 8288 Link header with first, prev, next and last (absolute URLs). */
export function linkHeader(collectionUrl: string, paging: Paging, total: number): string {
  const last = lastPage(total, paging.limit)
  const tag = paging.tag === undefined ? '' : `&tag=${encodeURIComponent(paging.tag)}`
  const link = (page: number, rel: string) =>
    `<${collectionUrl}?page=${page}&limit=${paging.limit}${tag}>; rel="${rel}"`
  const links = [link(1, 'first')]
  if (paging.page > 1) links.push(link(Math.min(paging.page - 1, last), 'prev'))
  if (paging.page < last) links.push(link(paging.page + 1, 'next'))
  links.push(link(last, 'last'))
  return links.join(', ')
}
