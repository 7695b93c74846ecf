import type { OutgoingHttpHeaders } from 'node:http'
import { sendEmpty } from '../../../server/kit/http/respond.js'
import type { Item } from '../../../server/kit/item.js'
import { StoreError } from '../../../server/kit/store-error.js'
import { readJsonBody } from './json-body.js'
import { linkHeader, parsePaging } from './paging.js'
import { jsonArray } from './representation.js'
import { type RestExchange, sendJsonBody, sendXmlBody, versionUrl } from './rest-exchange.js'

function sendItem(exchange: RestExchange, status: number, item: Item, headers?: OutgoingHttpHeaders): void {
  const { representation } = exchange
  if (exchange.format === 'json') sendJsonBody(exchange, status, representation.json(item), headers)
  else sendXmlBody(exchange, status, 'item', representation.value(item), headers)
}

/** GET /vN/items?page=&limit=&tag= with X-Total-Count and Link. */
export function listItems(exchange: RestExchange): void {
  const paging = parsePaging(exchange.query)
  const page = exchange.services.store.list(paging)
  const { representation } = exchange
  const headers = {
    'X-Total-Count': String(page.total),
    Link: linkHeader(`${versionUrl(exchange)}/items`, paging, page.total),
  }
  if (exchange.format === 'json')
    sendJsonBody(exchange, 200, jsonArray(page.items, representation.json), headers)
  else sendXmlBody(exchange, 200, 'items', page.items.map(representation.value), headers)
}

export function getItem(exchange: RestExchange): void {
  const item = exchange.services.store.get(exchange.route.itemId)
  if (item === undefined) throw StoreError.notFound('item', exchange.route.itemId)
  sendItem(exchange, 200, item)
}

/** POST: each identical request creates another item; 201 with Location. */
export async function createItem(exchange: RestExchange): Promise<void> {
  const body = await readJsonBody(exchange.request, { patch: false })
  const item = await exchange.services.store.create(exchange.representation.fromBody(body))
  sendItem(exchange, 201, item, { Location: `${versionUrl(exchange)}/items/${encodeURIComponent(item.id)}` })
}

/** PUT: a whole new set of writable fields (422 when required ones are missing). */
export async function replaceItem(exchange: RestExchange): Promise<void> {
  const body = await readJsonBody(exchange.request, { patch: false })
  const item = await exchange.services.store.replace(
    exchange.route.itemId,
    exchange.representation.fromBody(body),
  )
  sendItem(exchange, 200, item)
}

/** PATCH: RFC 7396 merge patch; null clears an optional field (and is refused for a required one). */
export async function patchItem(exchange: RestExchange): Promise<void> {
  const body = await readJsonBody(exchange.request, { patch: true })
  const { store } = exchange.services
  const current = store.get(exchange.route.itemId)
  if (current === undefined) throw StoreError.notFound('item', exchange.route.itemId)
  const item = await store.patch(current.id, exchange.representation.patchFromBody(body, current))
  sendItem(exchange, 200, item)
}

/** DELETE: 204, then 404 for the repeats. */
export async function deleteItem(exchange: RestExchange): Promise<void> {
  await exchange.services.store.remove(exchange.route.itemId)
  sendEmpty(exchange.response, 204)
}
