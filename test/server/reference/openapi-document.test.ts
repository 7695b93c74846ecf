// The server's /openapi.json against what it really serves, both ways, and a stock validator.
import { validate } from '@readme/openapi-parser'
import { describe, expect, it } from 'vitest'
import { servedOperations } from '../../../src/protocols/rest/server/rest-handler.js'
import { useServer } from './server-helpers.js'

const methods = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options'] as const

interface Document {
  openapi: string
  paths: Record<string, Record<string, unknown>>
  components: { securitySchemes: Record<string, { type: string; scheme?: string; flows?: unknown }> }
}

async function fetchDocument(url: string): Promise<Document> {
  const response = await fetch(`${url}/openapi.json`)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  return (await response.json()) as Document
}

function documentOperations(document: Document): string[] {
  const found: string[] = []
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of methods)
      if (item[method] !== undefined) found.push(`${method.toUpperCase()} ${path}`)
  }
  return found.sort()
}

describe('GET /openapi.json', () => {
  const context = useServer()

  it('passes the stock validator (@readme/openapi-parser) as OpenAPI 3.1', async () => {
    const document = await fetchDocument(context.url)
    expect(document.openapi).toBe('3.1.0')
    const result = await validate(structuredClone(document) as never)
    expect(result.valid ? [] : result.errors).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('declares exactly the operations the handler table serves, both ways', async () => {
    const document = await fetchDocument(context.url)
    const served = servedOperations()
      .map(({ method, path }) => `${method} ${path}`)
      .sort()
    const declared = documentOperations(document)
    expect(declared.filter((each) => !served.includes(each))).toEqual([])
    expect(served.filter((each) => !declared.includes(each))).toEqual([])
    expect(declared.length).toBeGreaterThan(20)
  })

  it('every declared operation is answered by the live server (never 404 or 405), and Allow agrees', async () => {
    const document = await fetchDocument(context.url)
    for (const [template, item] of Object.entries(document.paths)) {
      const path = template.replace('{id}', '1').replace('{reviewId}', '1')
      const options = await fetch(`${context.url}${path}`, { method: 'OPTIONS' })
      expect(options.status).toBe(204)
      const allow = (options.headers.get('allow') ?? '').split(/,\s*/).sort()
      const declared = methods.filter((method) => item[method] !== undefined).map((m) => m.toUpperCase())
      expect(declared.sort(), template).toEqual(allow)
      for (const method of declared) {
        if (method === 'OPTIONS') continue
        // Writes without credentials: 401 proves the route exists without changing the store.
        const response = await fetch(`${context.url}${path}`, { method })
        expect([200, 401], `${method} ${path}`).toContain(response.status)
        await response.arrayBuffer()
      }
      // A method the document does not declare is refused by the server.
      const missing = ['PUT', 'POST', 'DELETE'].find((method) => !declared.includes(method))
      if (missing !== undefined) {
        const refused = await fetch(`${context.url}${path}`, { method: missing })
        expect(refused.status, `${missing} ${path}`).toBe(405)
        await refused.arrayBuffer()
      }
    }
  })

  it('has the three security schemes, problem+json errors and seed examples', async () => {
    const document = await fetchDocument(context.url)
    const schemes = document.components.securitySchemes
    expect(schemes.basicAuth).toMatchObject({ type: 'http', scheme: 'basic' })
    expect(schemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
    expect(schemes.oauth2).toMatchObject({
      type: 'oauth2',
      flows: { clientCredentials: { tokenUrl: `${context.url}/oauth/token` } },
    })
    const post = document.paths['/v1/items']!.post as { responses: Record<string, { content?: object }> }
    expect(Object.keys(post.responses['422']!.content!)).toEqual(['application/problem+json'])
    const first = (await (await fetch(`${context.url}/v1/items/1`)).json()) as { name: string }
    expect(JSON.stringify(document)).toContain(first.name)
  })
})
