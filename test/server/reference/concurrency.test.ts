// 500 concurrent authenticated POSTs (50 in flight) create exactly 500 items with distinct ids.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startServer } from '../../../src/server/reference/start-server.js'
import { basicAuth, inBatches, testSecret, useServer, useTempDir } from './server-helpers.js'

async function burst(url: string, count: number): Promise<string[]> {
  const token = (await (
    await fetch(`${url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=demo&client_secret=demo-secret',
    })
  ).json()) as { access_token: string }
  return inBatches(count, 50, async (index) => {
    const authorization = index % 2 === 0 ? basicAuth : `Bearer ${token.access_token}`
    const response = await fetch(`${url}/v1/items`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify({ name: 'Same body every time', price: 1 }),
    })
    expect(response.status).toBe(201)
    const item = (await response.json()) as { id: string }
    expect(response.headers.get('location')).toBe(`${url}/v1/items/${item.id}`)
    return item.id
  })
}

describe('concurrent creates', () => {
  const context = useServer()
  const directory = useTempDir()

  it('in memory: 500 POSTs make 500 new, distinct ids', async () => {
    const before = context.server.store.count()
    const ids = await burst(context.url, 500)
    expect(new Set(ids).size).toBe(500)
    expect(ids.some((id) => Number(id) <= 40)).toBe(false)
    expect(context.server.store.count()).toBe(before + 500)
    const listed = await fetch(`${context.url}/v1/items?limit=1`)
    expect(listed.headers.get('x-total-count')).toBe(String(before + 500))
  })

  it('with a data file: 500 POSTs are all on disk afterwards', async () => {
    const dataFile = join(directory.path, 'burst.json')
    const server = await startServer({ port: 0, dataFile, jwtSecret: testSecret, env: {} })
    let ids: string[]
    try {
      ids = await burst(server.url, 500)
    } finally {
      await server.close()
    }
    expect(new Set(ids).size).toBe(500)
    const again = await startServer({ port: 0, dataFile, env: {} })
    try {
      expect(again.store.count()).toBe(540)
      for (const id of ids) expect(again.store.get(id)?.name).toBe('Same body every time')
    } finally {
      await again.close()
    }
  })
})
