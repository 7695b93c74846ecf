// The protocol-neutral store: validation, merge patch, ids, the change feed, the index, durable group commit.
import { describe, expect, it } from 'vitest'
import type { ChangeEvent } from '../../../src/server/kit/item.js'
import { ItemIndex } from '../../../src/server/kit/item-index.js'
import { applyMergePatch } from '../../../src/server/kit/merge-patch.js'
import { Store } from '../../../src/server/kit/store.js'
import type { StoreBackend } from '../../../src/server/kit/store-backend.js'
import { StorageError, StoreError } from '../../../src/server/kit/store-error.js'
import type { WriteBatch } from '../../../src/server/kit/write-batch.js'
import { loadSeed } from '../../../src/server/reference/seed.js'
import {
  DocumentError,
  readStoreDocument,
  writeStoreDocument,
} from '../../../src/server/reference/store-document.js'

async function seededStore(options: ConstructorParameters<typeof Store>[1] = {}): Promise<Store> {
  return new Store(await loadSeed(), options)
}

describe('the seed', () => {
  it('holds about 40 items in a stable order with string ids, item "1" first, some with reviews', async () => {
    const store = await seededStore()
    expect(store.count()).toBe(40)
    const page = store.list({ page: 1, limit: 100 })
    expect(page.items[0]!.id).toBe('1')
    expect(page.items.every((item) => typeof item.id === 'string')).toBe(true)
    expect(page.items.filter((item) => (store.listReviews(item.id) ?? []).length > 0).length).toBeGreaterThan(
      5,
    )
    expect(new Set(page.items.flatMap((item) => item.tags)).size).toBeGreaterThan(8)
  })

  it('is a fresh copy per store', async () => {
    const first = await seededStore()
    await first.remove('1')
    expect((await seededStore()).get('1')).toBeDefined()
  })
})

describe('validation', () => {
  it('fills defaults and copies only known fields', async () => {
    const store = await seededStore()
    const item = await store.create({ name: 'Cup', price: 0 })
    expect(item).toMatchObject({ name: 'Cup', price: 0, description: null, quantity: 0, tags: [] })
    expect(Object.isFrozen(item)).toBe(true)
  })

  it('refuses unknown and smuggled keys without touching prototypes', async () => {
    const store = await seededStore()
    const smuggled = JSON.parse('{"name":"x","price":1,"__proto__":{"polluted":true}}')
    await expect(store.create(smuggled)).rejects.toMatchObject({ code: 'INVALID_INPUT' })
    await expect(store.patch('1', JSON.parse('{"__proto__":{"polluted":true}}'))).rejects.toBeInstanceOf(
      StoreError,
    )
    await expect(
      store.patch('1', JSON.parse('{"constructor":{"prototype":{"polluted":true}}}')),
    ).rejects.toBeInstanceOf(StoreError)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(store.count()).toBe(40)
  })

  it('reports every problem at once', async () => {
    const store = await seededStore()
    const error = (await store
      .create({ price: -1, quantity: 'many', tags: [1] })
      .catch((caught) => caught)) as StoreError
    expect(error.problems.map((problem) => problem.field)).toEqual(['name', 'price', 'quantity', 'tags[0]'])
  })

  it('answers NOT_FOUND for writes to missing items', async () => {
    const store = await seededStore()
    for (const write of [
      () => store.replace('999', { name: 'x', price: 1 }),
      () => store.patch('999', {}),
      () => store.remove('999'),
      () => store.addReview('999', { rating: 1, author: 'a' }),
    ]) {
      await expect(write()).rejects.toMatchObject({ code: 'NOT_FOUND' })
    }
  })
})

describe('RFC 7396 merge patch', () => {
  it('follows the RFC examples', () => {
    const cases: Array<[unknown, unknown, unknown]> = [
      [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
      [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
      [{ a: 'b' }, { a: null }, {}],
      [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
      [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
      [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
      [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
      [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
      [
        ['a', 'b'],
        ['c', 'd'],
        ['c', 'd'],
      ],
      [{ a: 'b' }, ['c'], ['c']],
      [{ a: 'foo' }, null, null],
      [{ a: 'foo' }, 'bar', 'bar'],
      [{ e: null }, { a: 1 }, { e: null, a: 1 }],
      [[1, 2], { a: 'b', c: null }, { a: 'b' }],
      [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
    ]
    for (const [target, patch, result] of cases) {
      expect(JSON.parse(JSON.stringify(applyMergePatch(target, patch)))).toEqual(result)
    }
  })

  it('keeps __proto__ an ordinary key', () => {
    const merged = applyMergePatch({}, JSON.parse('{"__proto__":{"polluted":1}}')) as Record<string, unknown>
    expect(Object.keys(merged)).toEqual(['__proto__'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe('ids', () => {
  it('allocates distinct ids under concurrency and never reuses a deleted one', async () => {
    const store = await seededStore()
    const created = await Promise.all(
      Array.from({ length: 200 }, (_, index) => store.create({ name: `n${index}`, price: index })),
    )
    expect(new Set(created.map((item) => item.id)).size).toBe(200)
    const last = created.at(-1)!
    await store.remove(last.id)
    const next = await store.create({ name: 'after', price: 1 })
    expect(Number(next.id)).toBeGreaterThan(Number(last.id))
  })
})

describe('the change feed', () => {
  it('publishes created, updated and deleted in order, to listeners and iterators', async () => {
    const store = await seededStore()
    const heard: string[] = []
    const unsubscribe = store.changes.subscribe((event) => heard.push(`${event.type}:${event.item.id}`))
    const controller = new AbortController()
    const iterated: ChangeEvent[] = []
    const reading = (async () => {
      for await (const event of store.changes.events(controller.signal)) {
        iterated.push(event)
        if (iterated.length === 4) controller.abort()
      }
    })()
    const item = await store.create({ name: 'Fed', price: 1 })
    await store.patch(item.id, { price: 2 })
    await store.replace(item.id, { name: 'Fed again', price: 3 })
    await store.remove(item.id)
    await reading
    unsubscribe()
    expect(heard).toEqual([
      `created:${item.id}`,
      `updated:${item.id}`,
      `updated:${item.id}`,
      `deleted:${item.id}`,
    ])
    expect(iterated.map((event) => [event.type, event.item.price])).toEqual([
      ['created', 1],
      ['updated', 2],
      ['updated', 3],
      ['deleted', 3],
    ])
    expect(store.changes.listenerCount).toBe(0)
  })

  it('publishes nothing for refused writes', async () => {
    const store = await seededStore()
    const heard: ChangeEvent[] = []
    store.changes.subscribe((event) => heard.push(event))
    await store.create({ name: '' }).catch(() => undefined)
    await store.remove('nope').catch(() => undefined)
    expect(heard).toEqual([])
  })
})

describe('durable writes', () => {
  function controlledBackend() {
    const batches: WriteBatch[] = []
    const releases: Array<() => void> = []
    const backend: StoreBackend = {
      path: 'memory',
      commit: (batch) => {
        batches.push(batch)
        return new Promise<void>((resolve) => releases.push(resolve))
      },
    }
    return { backend, batches, release: () => releases.shift()!() }
  }

  it('shares one save among concurrent writes and acknowledges each only after its save', async () => {
    const { backend, batches, release } = controlledBackend()
    const store = await seededStore({ backend })
    let acknowledged = 0
    const first = store.create({ name: 'w0', price: 1 }).then(() => {
      acknowledged += 1
    })
    await new Promise((resolve) => setImmediate(resolve))
    // The next nine arrive while the first group is being saved: they make the second group.
    const writes = Array.from({ length: 9 }, (_, index) =>
      store.create({ name: `w${index + 1}`, price: 1 }).then(() => {
        acknowledged += 1
      }),
    )
    await new Promise((resolve) => setImmediate(resolve))
    expect(batches).toHaveLength(1)
    expect(acknowledged).toBe(0)
    expect(store.count()).toBe(40) // nothing is visible before it is durable
    release()
    await first
    await new Promise((resolve) => setImmediate(resolve))
    expect(acknowledged).toBe(1)
    expect(store.count()).toBe(41)
    expect(batches).toHaveLength(2)
    expect(batches[1]!.events).toHaveLength(9)
    expect([...batches[1]!.after().entries()]).toHaveLength(50)
    release()
    await Promise.all(writes)
    expect(acknowledged).toBe(10)
    expect(store.count()).toBe(50)
  })

  it('rejects every write of a group that cannot be saved, and changes nothing', async () => {
    let fail = true
    const store = await seededStore({
      backend: {
        path: 'memory',
        commit: async () => (fail ? Promise.reject(new StorageError('full', 'disk full')) : undefined),
      },
    })
    const heard: ChangeEvent[] = []
    store.changes.subscribe((event) => heard.push(event))
    const results = await Promise.allSettled([store.create({ name: 'a', price: 1 }), store.remove('1')])
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected'])
    expect((results[0] as PromiseRejectedResult).reason).toBeInstanceOf(StorageError)
    expect(store.count()).toBe(40)
    expect(store.get('1')).toBeDefined()
    expect(heard).toEqual([])
    fail = false
    const item = await store.create({ name: 'b', price: 1 })
    expect(item.id).toBe('41') // the refused create took no id
    expect(store.get(item.id)).toEqual(item)
    expect(store.count()).toBe(41)
  })

  it('takes a write queued in the very turn the previous group is acknowledged', async () => {
    const commits: number[] = []
    const store = await seededStore({
      backend: { path: 'memory', commit: (batch) => void commits.push(batch.events.length) },
    })
    for (let index = 0; index < 5; index += 1)
      await store.create({ name: `one after another ${index}`, price: 1 })
    expect(commits).toEqual([1, 1, 1, 1, 1])
    expect(store.count()).toBe(45)
  })

  it('refuses, alone, a write whose item another write of its group deleted', async () => {
    const { backend, release } = controlledBackend()
    const store = await seededStore({ backend })
    const removed = store.remove('5')
    const patched = store.patch('5', { quantity: 3 }).catch((error: unknown) => error)
    const created = store.create({ name: 'c', price: 1 })
    await new Promise((resolve) => setImmediate(resolve))
    release()
    expect((await removed).id).toBe('5')
    expect(await patched).toMatchObject({ code: 'NOT_FOUND' })
    expect((await created).id).toBe('41')
  })
})

describe('the index', () => {
  it('pages, counts per tag and keeps the listing order through updates and deletes', async () => {
    const store = await seededStore()
    const tag = store.list({ page: 1, limit: 100 }).items[0]!.tags[0]!
    const tagged = store.count(tag)
    expect(store.list({ page: 1, limit: 100, tag }).items.every((item) => item.tags.includes(tag))).toBe(true)
    const second = store.list({ page: 1, limit: 3 }).items[1]!
    await store.patch(second.id, { tags: [tag, 'fresh-tag'] })
    expect(store.list({ page: 1, limit: 3 }).items[1]!.id).toBe(second.id)
    expect(store.count('fresh-tag')).toBe(1)
    await store.patch(second.id, { tags: [] })
    expect(store.count('fresh-tag')).toBe(0)
    expect(store.count(tag)).toBe(second.tags.includes(tag) ? tagged - 1 : tagged)
    await store.remove(second.id)
    expect(store.list({ page: 1, limit: 3 }).items.map((item) => item.id)).not.toContain(second.id)
    expect(store.list({ page: 14, limit: 3 }).items).toHaveLength(0)
    expect(store.list({ page: 13, limit: 3 })).toMatchObject({ total: 39 })
  })
})

describe('the store document', () => {
  it('round-trips a state', async () => {
    const state = await loadSeed()
    const again = readStoreDocument(JSON.parse(writeStoreDocument(ItemIndex.fromState(state))))
    expect([...again.items.values()]).toEqual([...state.items.values()])
    expect([...again.reviews.entries()]).toEqual([...state.reviews.entries()])
    expect(again.nextItemId).toBe(state.nextItemId)
  })

  it('names the field that is wrong', () => {
    const bad: Array<[unknown, RegExp]> = [
      [{ format: 'other', version: 1, items: [] }, /format/],
      [{ format: 'apictl-store', version: 2, items: [] }, /version/],
      [
        [
          {
            id: '1',
            name: 'x',
            price: 'cheap',
            createdAt: '2024-01-01T00:00:00Z',
            updatedAt: '2024-01-01T00:00:00Z',
          },
        ],
        /items\[0\].*price/,
      ],
      [[{ id: 1, name: 'x', price: 1 }], /items\[0\]\.id/],
      [
        [{ id: '1', name: 'x', price: 1, createdAt: 'yesterday', updatedAt: '2024-01-01T00:00:00Z' }],
        /createdAt/,
      ],
      [
        [
          {
            id: '1',
            name: 'x',
            price: 1,
            createdAt: '2024-01-01T00:00:00Z',
            updatedAt: '2024-01-01T00:00:00Z',
            reviews: [{ id: '1', rating: 9, author: 'a' }],
          },
        ],
        /reviews\[0\]/,
      ],
      [{ format: 'apictl-store', version: 1, items: {} }, /items/],
    ]
    for (const [document, pattern] of bad) {
      expect(() => readStoreDocument(document)).toThrow(DocumentError)
      expect(() => readStoreDocument(document)).toThrow(pattern)
    }
  })
})
