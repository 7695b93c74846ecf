import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createClient } from '../../src/index.js'
import { tempDir } from '../support/temp-dir.js'

const home = tempDir('apictl-lib-')
const env = {
  HOME: home,
  APICTL_CONFIG_DIR: join(home, 'config'),
  APICTL_CACHE_DIR: join(home, 'cache'),
  APICTL_DATA_DIR: join(home, 'data'),
}
const api = createClient({ profile: 'local', env })

afterAll(() => api.close())

describe('createClient().rest against the embedded reference server', () => {
  it('GET resolves to { status, headers, data } with paging parameters', async () => {
    const res = await api.rest.get<Array<{ id: string }>>('/v1/items', { query: { page: 2, limit: 5 } })
    expect(res.error).toBeUndefined()
    expect(res.status).toBe(200)
    expect(res.data).toHaveLength(5)
    expect(res.data?.[0]?.id).toBe('6')
    expect(Number(res.headers?.['x-total-count'])).toBeGreaterThanOrEqual(40)
  })

  it('all: the merged list of every page, from the walk apictl rest --all prints; maxPages bounds it', async () => {
    const first = await api.rest.get<Array<{ id: string }>>('/v1/items', { query: { limit: 7 } })
    const total = Number(first.headers?.['x-total-count'])
    const res = await api.rest.get<Array<{ id: string }>>('/v1/items', { query: { limit: 7 }, all: true })
    expect(res.error).toBeUndefined()
    expect(res.warnings).toBeUndefined()
    expect(res.data).toHaveLength(total)
    expect(new Set(res.data?.map((item) => item.id)).size).toBe(total)
    const two = await api.rest.get<unknown[]>('/v1/items', { query: { limit: 7 }, all: true, maxPages: 2 })
    expect(two.data).toHaveLength(14)
    expect(two.warnings).toEqual(['stopped after 2 pages (maxPages); the server has more.'])
  })

  it('a 404 is an error result, not a throw', async () => {
    const res = await api.rest.get('/v1/items/does-not-exist')
    expect(res.status).toBe(404)
    expect(res.error?.exitCode).toBe(4)
    expect(res.error?.message).toMatch(/404/)
  })

  it('writes with client-level credentials, and the write is visible to the next read', async () => {
    const writer = createClient({ profile: 'local', env, user: 'demo:demo' })
    try {
      const created = await writer.rest.post<{ id: string; name: string }>('/v1/items', {
        body: { name: 'Library pen', price: 1.5 },
      })
      expect(created.status).toBe(201)
      const again = await writer.rest.get<{ name: string }>(`/v1/items/${created.data?.id}`)
      expect(again.data?.name).toBe('Library pen')
    } finally {
      await writer.close()
    }
  })

  it('without credentials a write is rejected (401) as a result', async () => {
    const res = await api.rest.post('/v1/items', { body: { name: 'x', price: 1 } })
    expect(res.status).toBe(401)
    expect(res.error?.exitCode).toBe(4)
  })

  it('a network failure and a usage error resolve to errors with their exit codes', async () => {
    const offline = createClient({ rest: 'http://127.0.0.1:9', timeout: 2 })
    const down = await offline.rest.get('/v1/items')
    expect(down.error?.exitCode).toBe(3)
    const bad = await offline.rest.request('FETCH', '/v1/items')
    expect(bad.error?.exitCode).toBe(2)
    await offline.close()
  })
})
