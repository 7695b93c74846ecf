// Accept: JSON or XML, and XML labelled as the client asked for it (application/xml or text/xml).
import { describe, expect, it } from 'vitest'
import { expectProblem, jsonHeaders, useServer } from './server-helpers.js'

const context = useServer()

async function typeFor(accept: string, path = '/v1/items/1'): Promise<string | null> {
  const response = await fetch(`${context.url}${path}`, { headers: { accept } })
  if (response.status !== 200) throw new Error(`${accept}: ${response.status} ${await response.text()}`)
  const text = await response.text()
  const type = response.headers.get('content-type')
  if (type?.includes('xml')) expect(text).toMatch(/^<\?xml /)
  else expect(() => JSON.parse(text)).not.toThrow()
  return type
}

describe('Accept negotiation on the REST API', () => {
  it.each([
    ['text/xml', 'text/xml; charset=utf-8'],
    ['text/*', 'text/xml; charset=utf-8'],
    ['text/xml;charset=utf-8', 'text/xml; charset=utf-8'],
    ['application/xml', 'application/xml; charset=utf-8'],
    ['application/json', 'application/json; charset=utf-8'],
    ['*/*', 'application/json; charset=utf-8'],
    ['application/*', 'application/json; charset=utf-8'],
    ['application/xml, text/xml', 'application/xml; charset=utf-8'],
    ['text/xml, application/xml', 'application/xml; charset=utf-8'],
    ['*/*;q=0.1, text/xml', 'text/xml; charset=utf-8'],
  ])('Accept: %s answers %s', async (accept, type) => {
    expect(await typeFor(accept)).toBe(type)
  })

  it.each([
    ['text/xml;q=0.9, application/xml;q=0.8', 'text/xml; charset=utf-8'],
    ['application/xml;q=0.5, text/*;q=0.6', 'text/xml; charset=utf-8'],
    ['text/xml;q=0.4, application/xml;q=0.5', 'application/xml; charset=utf-8'],
    ['application/json;q=0.2, text/xml;q=0.3', 'text/xml; charset=utf-8'],
    ['application/json;q=0.9, text/*;q=0.3', 'application/json; charset=utf-8'],
  ])('honours q-values: %s answers %s', async (accept, type) => {
    expect(await typeFor(accept)).toBe(type)
  })

  it('labels lists, reviews, /v2 and writes the same way', async () => {
    expect(await typeFor('text/xml', '/v1/items?limit=2')).toBe('text/xml; charset=utf-8')
    expect(await typeFor('text/*', '/v2/items/1')).toBe('text/xml; charset=utf-8')
    expect(await typeFor('text/xml', '/v1/items/1/reviews')).toBe('text/xml; charset=utf-8')
    const created = await fetch(`${context.url}/v1/items`, {
      method: 'POST',
      headers: { ...jsonHeaders, accept: 'text/xml' },
      body: JSON.stringify({ name: 'Labelled', price: 1 }),
    })
    expect(created.status).toBe(201)
    expect(created.headers.get('content-type')).toBe('text/xml; charset=utf-8')
    const head = await fetch(`${context.url}/v1/items/1`, { method: 'HEAD', headers: { accept: 'text/xml' } })
    expect(head.headers.get('content-type')).toBe('text/xml; charset=utf-8')
  })

  it('keeps 406 for what it cannot give, naming what it can', async () => {
    for (const accept of ['text/html', 'image/*', 'application/xml;q=0', 'text/*, text/xml;q=0']) {
      const problem = await expectProblem(
        await fetch(`${context.url}/v1/items/1`, { headers: { accept } }),
        406,
      )
      expect(problem.detail).toBe(
        'this resource is available as application/json, application/xml or text/xml',
      )
    }
  })
})
