// /v2 (price as {amount, currency}) over the same data as /v1, and the XML representation.

import { describe, expect, it } from 'vitest'
import { xml2js } from 'xml-js'
import { createItem, expectProblem, jsonHeaders, useServer } from './server-helpers.js'

const context = useServer()

/** Walks a compact xml-js tree: at(document, 'item', 'tags', 'tag', 0, '_text'). */
function at(node: unknown, ...steps: Array<string | number>): unknown {
  let current = node
  for (const step of steps) current = (current as Record<string | number, unknown> | undefined)?.[step]
  return current
}

function parseXml(text: string): unknown {
  return xml2js(text, { compact: true })
}

describe('/v2', () => {
  it('shows price as {amount, currency: "USD"} over the same item', async () => {
    const [v1, v2] = await Promise.all([
      fetch(`${context.url}/v1/items/1`).then(
        (response) => response.json() as Promise<Record<string, unknown>>,
      ),
      fetch(`${context.url}/v2/items/1`).then(
        (response) => response.json() as Promise<Record<string, unknown>>,
      ),
    ])
    expect(v2.price).toEqual({ amount: v1.price, currency: 'USD' })
    expect({ ...v2, price: v1.price }).toEqual(v1)
    const list = (await (await fetch(`${context.url}/v2/items?limit=3`)).json()) as Array<{ price: unknown }>
    expect(list.every((item) => typeof item.price === 'object')).toBe(true)
  })

  it('accepts the v2 shape on POST and PATCH (a partial price merges), and v1 sees the change', async () => {
    const created = await fetch(`${context.url}/v2/items`, {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({ name: 'Lamp', price: { amount: 12, currency: 'USD' } }),
    })
    expect(created.status).toBe(201)
    const item = (await created.json()) as { id: string; price: unknown }
    expect(item.price).toEqual({ amount: 12, currency: 'USD' })
    expect(created.headers.get('location')).toBe(`${context.url}/v2/items/${item.id}`)
    const patched = await fetch(`${context.url}/v2/items/${item.id}`, {
      method: 'PATCH',
      headers: { ...jsonHeaders, 'content-type': 'application/merge-patch+json' },
      body: JSON.stringify({ price: { amount: 15.5 } }),
    })
    expect(((await patched.json()) as { price: unknown }).price).toEqual({ amount: 15.5, currency: 'USD' })
    expect(
      ((await (await fetch(`${context.url}/v1/items/${item.id}`)).json()) as { price: unknown }).price,
    ).toBe(15.5)
    const put = await fetch(`${context.url}/v2/items/${item.id}`, {
      method: 'PUT',
      headers: jsonHeaders,
      body: JSON.stringify({ name: 'Lamp 2', price: { amount: 3 } }),
    })
    expect(((await put.json()) as { price: unknown }).price).toEqual({ amount: 3, currency: 'USD' })
  })

  it('refuses a bare number, another currency, or unknown price keys with 422', async () => {
    const bodies = [
      { name: 'x', price: 5 },
      { name: 'x', price: { amount: 5, currency: 'EUR' } },
      { name: 'x', price: { amount: 5, cents: 1 } },
      { name: 'x', price: { currency: 'USD' } },
      { name: 'x', price: { amount: -1 } },
    ]
    for (const body of bodies) {
      const text = JSON.stringify(body)
      await expectProblem(
        await fetch(`${context.url}/v2/items`, { method: 'POST', headers: jsonHeaders, body: text }),
        422,
      )
    }
    const nested = '{"name":"x","price":{"amount":1,"__proto__":{"polluted":1}}}'
    await expectProblem(
      await fetch(`${context.url}/v2/items`, { method: 'POST', headers: jsonHeaders, body: nested }),
      422,
    )
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    const patch = await fetch(`${context.url}/v2/items/1`, {
      method: 'PATCH',
      headers: jsonHeaders,
      body: '{"price":null}',
    })
    await expectProblem(patch, 422)
  })
})

describe('XML by Accept', () => {
  it('answers an item as XML with the same data', async () => {
    const created = await createItem(context.url, {
      name: 'Fish & <Chips> "quoted"',
      description: null,
      tags: ['a', 'b'],
    })
    const response = await fetch(`${context.url}/v1/items/${created.id}`, {
      headers: { accept: 'application/xml' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    expect(response.headers.get('vary')).toBe('Accept')
    const text = await response.text()
    expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true)
    const document = parseXml(text)
    expect(at(document, 'item', 'id', '_text')).toBe(created.id)
    expect(at(document, 'item', 'name', '_text')).toBe('Fish & <Chips> "quoted"')
    expect(at(document, 'item', 'description', '_attributes')).toEqual({ nil: 'true' })
    expect([
      at(document, 'item', 'tags', 'tag', 0, '_text'),
      at(document, 'item', 'tags', 'tag', 1, '_text'),
    ]).toEqual(['a', 'b'])
    expect(at(document, 'item', 'price', '_text')).toBe('1.5')
  })

  it('answers lists, v2 prices and reviews as XML', async () => {
    const list = await fetch(`${context.url}/v2/items?limit=2`, { headers: { accept: 'application/xml' } })
    expect(list.headers.get('x-total-count')).not.toBeNull()
    const document = parseXml(await list.text())
    expect(at(document, 'items', 'item')).toHaveLength(2)
    expect(at(document, 'items', 'item', 0, 'price', 'amount', '_text')).toBe('89.99')
    expect(at(document, 'items', 'item', 0, 'price', 'currency', '_text')).toBe('USD')
    const reviews = await fetch(`${context.url}/v1/items/1/reviews`, { headers: { accept: 'text/xml' } })
    const parsed = parseXml(await reviews.text())
    expect((at(parsed, 'reviews', 'review') as unknown[]).length).toBeGreaterThan(0)
  })

  it('keeps the document well-formed for control characters and lone surrogates', async () => {
    const created = await createItem(context.url, { name: 'bell\u0007 and \ud800 alone' })
    const text = await (
      await fetch(`${context.url}/v1/items/${created.id}`, { headers: { accept: 'application/xml' } })
    ).text()
    expect(at(parseXml(text), 'item', 'name', '_text')).toBe('bell\ufffd and \ufffd alone')
  })

  it('answers a write in XML when asked, and errors stay problem+json', async () => {
    const response = await fetch(`${context.url}/v1/items`, {
      method: 'POST',
      headers: { ...jsonHeaders, accept: 'application/xml' },
      body: JSON.stringify({ name: 'XML pen', price: 1 }),
    })
    expect(response.status).toBe(201)
    expect(await response.text()).toContain('<name>XML pen</name>')
    await expectProblem(
      await fetch(`${context.url}/v1/items/9999`, { headers: { accept: 'application/xml' } }),
      404,
    )
  })
})
