// One SQLite store shared by two processes' stores (here two connections): each sees the other's commits, resets included.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ChangeEvent } from '../../../src/server/kit/item.js'
import { Store } from '../../../src/server/kit/store.js'
import { openDataFile } from '../../../src/server/reference/open-data-file.js'
import { resetDataFile } from '../../../src/server/reference/reset-data-file.js'
import { loadSeed } from '../../../src/server/reference/seed.js'
import { useTempDir } from './server-helpers.js'

const directory = useTempDir()

async function sharedStore(path: string, watchIntervalMs = 10): Promise<Store> {
  const { backend, index } = await openDataFile(path, { seed: loadSeed, sharing: 'shared' })
  return new Store(index, { backend, watchIntervalMs })
}

/** The next event loop turn: a store looks at the file at most once per turn. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

describe('a shared SQLite store', () => {
  it("reads take in the other's commits; ids never collide", async () => {
    const path = join(directory.path, 'shared.db')
    const [one, two] = [await sharedStore(path), await sharedStore(path)]
    try {
      const [a, b] = await Promise.all([
        one.create({ name: 'from one', price: 1 }),
        two.create({ name: 'from two', price: 2 }),
      ])
      expect(a.id).not.toBe(b.id)
      await nextTurn()
      expect(one.get(b.id)?.name).toBe('from two')
      expect(two.get(a.id)?.name).toBe('from one')
      expect(one.count()).toBe(42)
      await two.patch(a.id, { quantity: 9 })
      await two.remove('1')
      await nextTurn()
      expect(one.get(a.id)?.quantity).toBe(9)
      expect(one.get('1')).toBeUndefined()
      await expect(one.patch('1', { quantity: 1 })).rejects.toMatchObject({ code: 'NOT_FOUND' })
      expect(one.list({ page: 1, limit: 100 }).items.map((item) => item.id)).toEqual(
        two.list({ page: 1, limit: 100 }).items.map((item) => item.id),
      )
    } finally {
      await Promise.all([one.close(), two.close()])
    }
  })

  it('a subscriber of one is told of the commits of the other, in order', async () => {
    const path = join(directory.path, 'watched.db')
    const [watcher, writer] = [await sharedStore(path), await sharedStore(path)]
    const controller = new AbortController()
    const heard: ChangeEvent[] = []
    const listening = (async () => {
      for await (const event of watcher.changes.events(controller.signal)) {
        heard.push(event)
        if (heard.length === 3) controller.abort()
      }
    })()
    try {
      const item = await writer.create({ name: 'watched', price: 1 })
      await writer.addReview(item.id, { rating: 4, author: 'me' })
      await writer.remove(item.id)
      await listening
      expect(heard.map((event) => [event.type, event.item.name])).toEqual([
        ['created', 'watched'],
        ['updated', 'watched'],
        ['deleted', 'watched'],
      ])
    } finally {
      controller.abort()
      await Promise.all([watcher.close(), writer.close()])
    }
  })

  it('a store that slept through more changes than the log keeps reloads everything', async () => {
    const path = join(directory.path, 'asleep.db')
    const [sleeper, writer] = [await sharedStore(path), await sharedStore(path)]
    try {
      for (let group = 0; group < 22; group += 1) {
        await Promise.all(
          Array.from({ length: 500 }, (_, index) =>
            writer.patch(String((index % 40) + 1), { quantity: group }),
          ),
        )
      }
      const created = await writer.create({ name: 'after 11,000 changes', price: 1 })
      await nextTurn()
      expect(sleeper.get(created.id)?.name).toBe('after 11,000 changes')
      expect(sleeper.get('7')?.quantity).toBe(21)
      expect(sleeper.count()).toBe(41)
    } finally {
      await Promise.all([sleeper.close(), writer.close()])
    }
  })

  it('a reset is seen by every store sharing the file', async () => {
    const path = join(directory.path, 'reset.db')
    const store = await sharedStore(path)
    try {
      await store.create({ name: 'gone after the reset', price: 1 })
      await store.remove('2')
      expect(await resetDataFile(path)).toBe(path)
      await nextTurn()
      expect(store.count()).toBe(40)
      expect(store.get('2')).toBeDefined()
      expect((await store.create({ name: 'after', price: 1 })).id).toBe('41')
    } finally {
      await store.close()
    }
  })
})
