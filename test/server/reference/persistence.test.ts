// --data: writes are on disk before the answer and survive restarts; a bad file is refused and left alone. Both formats.
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ApictlError } from '../../../src/core/errors.js'
import { openSqlite } from '../../../src/server/reference/sqlite-database.js'
import { startServer } from '../../../src/server/reference/start-server.js'
import { basicAuth, createItem, jsonHeaders, readDataFile, useTempDir } from './server-helpers.js'

const directory = useTempDir()

describe.each(['json', 'db'])('the .%s data file', (extension) => {
  it('is created from the seed when missing', async () => {
    const dataFile = join(directory.path, `fresh.${extension}`)
    const server = await startServer({ port: 0, dataFile, env: {} })
    expect(server.dataFile).toBe(dataFile)
    await server.close()
    if (extension === 'json') {
      const document = JSON.parse(await readFile(dataFile, 'utf8')) as { format: string; items: unknown[] }
      expect(document.format).toBe('apictl-store')
      expect(document.items).toHaveLength(40)
    } else {
      expect((await readFile(dataFile)).subarray(0, 15).toString()).toBe('SQLite format 3')
    }
    expect((await readDataFile(dataFile)).size).toBe(40)
  })

  it('keeps every acknowledged write across a restart', async () => {
    const dataFile = join(directory.path, `restart.${extension}`)
    const first = await startServer({ port: 0, dataFile, env: {} })
    const created = await createItem(first.url, { name: 'Survivor', tags: ['kept'] })
    const patch = await fetch(`${first.url}/v1/items/2`, {
      method: 'PATCH',
      headers: jsonHeaders,
      body: '{"quantity":1234}',
    })
    expect(patch.status).toBe(200)
    const removed = await fetch(`${first.url}/v1/items/3`, {
      method: 'DELETE',
      headers: { authorization: basicAuth },
    })
    expect(removed.status).toBe(204)
    const review = await fetch(`${first.url}/v1/items/${created.id}/reviews`, {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({ rating: 5, author: 'disk' }),
    })
    expect(review.status).toBe(201)
    // No close(): what was acknowledged must already be on disk.
    const index = await readDataFile(dataFile)
    expect(index.get(created.id)?.item).toMatchObject({ name: 'Survivor', tags: ['kept'] })
    expect(index.get('2')?.item.quantity).toBe(1234)
    expect(index.get('3')).toBeUndefined()
    expect(index.get(created.id)?.reviews).toEqual([expect.objectContaining({ rating: 5, author: 'disk' })])
    expect(index.count('kept')).toBe(1)
    await first.close()

    const second = await startServer({ port: 0, dataFile, env: {} })
    try {
      expect(await (await fetch(`${second.url}/v1/items/${created.id}`)).json()).toEqual(created)
      expect((await fetch(`${second.url}/v1/items/3`)).status).toBe(404)
      const listed = await fetch(`${second.url}/v1/items?page=2&limit=20`)
      expect(listed.headers.get('x-total-count')).toBe('40')
      expect(((await listed.json()) as Array<{ id: string }>).at(-1)?.id).toBe(created.id)
      const next = await createItem(second.url)
      expect(Number(next.id)).toBeGreaterThan(Number(created.id))
    } finally {
      await second.close()
    }
  })

  it('is refused when it cannot be read, or its directory does not exist', async () => {
    const folder = join(directory.path, `a-directory.${extension}`)
    await mkdir(folder)
    await expect(startServer({ port: 0, dataFile: folder, env: {} })).rejects.toThrow(/cannot be read/)
    const nowhere = join(directory.path, 'missing-dir', `items.${extension}`)
    await expect(startServer({ port: 0, dataFile: nowhere, env: {} })).rejects.toThrow(/does not exist/)
  })
})

describe('the .json data file', () => {
  it('loads despite a temporary file left by a crash, and removes it', async () => {
    const dataFile = join(directory.path, 'leftover.json')
    await (await startServer({ port: 0, dataFile, env: {} })).close()
    const litter = join(directory.path, '.leftover.json.999999.0a1b2c.tmp')
    await writeFile(litter, '{"format":"apictl-st')
    const server = await startServer({ port: 0, dataFile, env: {} })
    try {
      await createItem(server.url)
      expect(server.store.count()).toBe(41)
      expect((await readdir(directory.path)).filter((name) => name.startsWith('.leftover'))).toEqual([])
    } finally {
      await server.close()
    }
  })

  it('answers a failed write with 500, changes nothing and leaves no temporary file', async () => {
    const folder = join(directory.path, 'failing')
    await mkdir(folder)
    const dataFile = join(folder, 's.json')
    const errors: string[] = []
    const server = await startServer({ port: 0, dataFile, env: {}, logError: (line) => errors.push(line) })
    try {
      // A directory (not empty) where the file was: the write succeeds, the rename over it fails.
      await rm(dataFile)
      await mkdir(join(dataFile, 'in-the-way'), { recursive: true })
      const response = await fetch(`${server.url}/v1/items`, {
        method: 'POST',
        headers: jsonHeaders,
        body: JSON.stringify({ name: 'Never stored', price: 1 }),
      })
      expect(response.status).toBe(500)
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/)
      expect(server.store.count()).toBe(40)
      expect(errors.join('\n')).toMatch(/internal error: .*(EISDIR|ENOTEMPTY|EEXIST|EPERM)/)
      expect((await readdir(folder)).sort()).toEqual(['s.json'])
      expect((await stat(dataFile)).isDirectory()).toBe(true)
    } finally {
      await server.close()
    }
  })
})

async function refusal(dataFile: string): Promise<ApictlError> {
  const error = (await startServer({ port: 0, dataFile, env: {} }).catch((caught) => caught)) as ApictlError
  expect(error).toBeInstanceOf(ApictlError)
  expect(error.exitCode).toBe(2)
  expect(error.message).toContain(dataFile)
  return error
}

describe('a corrupt or foreign data file', () => {
  const corrupt: Array<[string, string, string | Buffer, RegExp]> = [
    ['not JSON', 'json', '{"format": "apictl-store", "items": [', /is not valid JSON/],
    ['empty', 'json', '', /is empty/],
    [
      'the wrong shape',
      'json',
      '{"format":"apictl-store","version":1,"items":[{"id":"1","name":"x","price":-3}]}',
      /items\[0\].*price/,
    ],
    ['another program', 'json', '{"hello":"world"}', /format/],
    ['not a database', 'db', 'just some text that is long enough', /is not a SQLite database/],
    ['a JSON store under another name', 'db', '{"format":"apictl-store"}', /only a name ending in \.json/],
    [
      'a damaged database',
      'db',
      Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(4080, 0x5a)]),
      /is not a valid SQLite database/,
    ],
  ]
  for (const [label, extension, content, reason] of corrupt) {
    it(`is refused, named and left untouched: ${label} (.${extension})`, async () => {
      const dataFile = join(directory.path, `corrupt-${label.replace(/\W/g, '-')}.${extension}`)
      await writeFile(dataFile, content)
      const before = await stat(dataFile)
      const error = await refusal(dataFile)
      expect(error.message).toMatch(reason)
      expect(error.message).toContain('left it untouched')
      expect(error.hint).toMatch(/move it aside/)
      expect(await readFile(dataFile)).toEqual(Buffer.from(content))
      expect((await stat(dataFile)).mtimeMs).toBe(before.mtimeMs)
      expect((await readdir(directory.path)).filter((name) => name.startsWith(`${dataFile}-`))).toEqual([])
    })
  }

  it("is refused when it is another program's SQLite database, which is not written to", async () => {
    const dataFile = join(directory.path, 'foreign.db')
    const db = openSqlite(dataFile)
    db.exec("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine')")
    db.close()
    const before = await readFile(dataFile)
    const error = await refusal(dataFile)
    expect(error.message).toMatch(/is a SQLite database but not an apictl store \(its tables: notes\)/)
    expect(await readFile(dataFile)).toEqual(before)
  })

  it('is refused when it is an apictl store of another version', async () => {
    const dataFile = join(directory.path, 'future.db')
    await (await startServer({ port: 0, dataFile, env: {} })).close()
    const db = openSqlite(dataFile)
    db.exec("UPDATE store_meta SET value = 9 WHERE key = 'version'")
    db.close()
    expect((await refusal(dataFile)).message).toMatch(/version 9; this apictl reads version 1/)
  })
})
