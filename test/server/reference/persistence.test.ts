// --data: writes are on disk before the answer, survive restarts and kill -9; a bad file is refused and left alone.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { ApictlError } from '../../../src/core/errors.js'
import { DataFile } from '../../../src/server/reference/persistence.js'
import { loadSeed } from '../../../src/server/reference/seed.js'
import { startServer } from '../../../src/server/reference/start-server.js'
import { basicAuth, createItem, jsonHeaders, useTempDir } from './server-helpers.js'

const directory = useTempDir()
const bin = fileURLToPath(new URL('../../../bin/apictl.cjs', import.meta.url))

describe('the data file', () => {
  it('is created from the seed when missing', async () => {
    const dataFile = join(directory.path, 'fresh.json')
    const server = await startServer({ port: 0, dataFile, env: {} })
    await server.close()
    const document = JSON.parse(await readFile(dataFile, 'utf8')) as { format: string; items: unknown[] }
    expect(document.format).toBe('apictl-store')
    expect(document.items).toHaveLength(40)
  })

  it('keeps every acknowledged write across a restart', async () => {
    const dataFile = join(directory.path, 'restart.json')
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
    const { state } = await DataFile.open(dataFile, loadSeed)
    expect(state.items.get(created.id)).toMatchObject({ name: 'Survivor', tags: ['kept'] })
    expect(state.items.get('2')?.quantity).toBe(1234)
    expect(state.items.has('3')).toBe(false)
    expect(state.reviews.get(created.id)).toEqual([expect.objectContaining({ rating: 5, author: 'disk' })])
    await first.close()

    const second = await startServer({ port: 0, dataFile, env: {} })
    try {
      expect(await (await fetch(`${second.url}/v1/items/${created.id}`)).json()).toEqual(created)
      expect((await fetch(`${second.url}/v1/items/3`)).status).toBe(404)
      const next = await createItem(second.url)
      expect(Number(next.id)).toBeGreaterThan(Number(created.id))
    } finally {
      await second.close()
    }
  })

  it('loads despite a temporary file left by a crash', async () => {
    const dataFile = join(directory.path, 'leftover.json')
    await (await startServer({ port: 0, dataFile, env: {} })).close()
    await writeFile(join(directory.path, '.leftover.json.tmp'), '{"format":"apictl-st')
    const server = await startServer({ port: 0, dataFile, env: {} })
    try {
      await createItem(server.url)
      expect(server.store.count()).toBe(41)
    } finally {
      await server.close()
    }
  })

  it('answers a failed write with 500, rolls it back and leaves no temporary file', async () => {
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

  const corrupt: Array<[string, string, RegExp]> = [
    ['not JSON', '{"format": "apictl-store", "items": [', /is not valid JSON/],
    ['empty', '', /is empty/],
    [
      'the wrong shape',
      '{"format":"apictl-store","version":1,"items":[{"id":"1","name":"x","price":-3}]}',
      /items\[0\].*price/,
    ],
    ['another program', '{"hello":"world"}', /format/],
  ]
  for (const [label, content, reason] of corrupt) {
    it(`is refused, with the file named and left untouched, when it is ${label}`, async () => {
      const dataFile = join(directory.path, `corrupt-${label.replace(/\W/g, '-')}.json`)
      await writeFile(dataFile, content)
      const before = await stat(dataFile)
      const error = (await startServer({ port: 0, dataFile, env: {} }).catch(
        (caught) => caught,
      )) as ApictlError
      expect(error).toBeInstanceOf(ApictlError)
      expect(error.exitCode).toBe(2)
      expect(error.message).toContain(dataFile)
      expect(error.message).toMatch(reason)
      expect(error.message).toContain('left it untouched')
      expect(error.hint).toMatch(/move it aside/)
      expect(await readFile(dataFile, 'utf8')).toBe(content)
      expect((await stat(dataFile)).mtimeMs).toBe(before.mtimeMs)
    })
  }

  it('is refused when it cannot be read, or its directory does not exist', async () => {
    const folder = join(directory.path, 'a-directory.json')
    await mkdir(folder)
    await expect(startServer({ port: 0, dataFile: folder, env: {} })).rejects.toThrow(/cannot be read/)
    const nowhere = join(directory.path, 'missing-dir', 'items.json')
    await expect(startServer({ port: 0, dataFile: nowhere, env: {} })).rejects.toThrow(/does not exist/)
  })
})

interface Child {
  process: ChildProcess
  url: string
}

function startCli(dataFile: string): Promise<Child> {
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--data', dataFile, '--quiet'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  return new Promise((resolve, reject) => {
    let stderr = ''
    child.stderr!.setEncoding('utf8')
    child.stderr!.on('data', (text: string) => {
      stderr += text
      const match = /apictl serve: listening on (http:\/\/\S+)/.exec(stderr)
      if (match) resolve({ process: child, url: match[1]! })
    })
    child.on('exit', (code) => reject(new Error(`apictl serve exited ${code} before listening: ${stderr}`)))
    child.on('error', reject)
  })
}

describe('kill -9 in the middle of a write burst', () => {
  it('leaves a file that loads and holds every write that got a 2xx', async () => {
    const dataFile = join(directory.path, 'killed.json')
    for (let round = 0; round < 2; round += 1) {
      const child = await startCli(dataFile)
      const exited = new Promise((resolve) => child.process.once('exit', resolve))
      const acknowledgedIds: string[] = []
      const acknowledgedQuantity = new Map<string, number>()
      let killed = false
      const worker = async (lane: number) => {
        for (let step = 0; !killed; step += 1) {
          try {
            if (step % 3 === 2) {
              const itemId = String(lane + 1)
              const response = await fetch(`${child.url}/v1/items/${itemId}`, {
                method: 'PATCH',
                headers: jsonHeaders,
                body: JSON.stringify({ quantity: round * 100_000 + step }),
              })
              if (response.ok) acknowledgedQuantity.set(itemId, round * 100_000 + step)
              await response.arrayBuffer()
            } else {
              const response = await fetch(`${child.url}/v1/items`, {
                method: 'POST',
                headers: jsonHeaders,
                body: JSON.stringify({ name: `burst ${round}/${lane}/${step}`, price: step }),
              })
              if (response.ok) acknowledgedIds.push(((await response.json()) as { id: string }).id)
            }
          } catch {
            return // the server is gone
          }
          if (acknowledgedIds.length >= 120 && !killed) {
            killed = true
            child.process.kill('SIGKILL')
          }
        }
      }
      await Promise.all(Array.from({ length: 16 }, (_, lane) => worker(lane)))
      await exited
      expect(acknowledgedIds.length).toBeGreaterThanOrEqual(120)

      const { state } = await DataFile.open(dataFile, loadSeed)
      for (const id of acknowledgedIds) expect(state.items.has(id), `item ${id}`).toBe(true)
      for (const [id, quantity] of acknowledgedQuantity) {
        expect(state.items.get(id)!.quantity, `item ${id}`).toBeGreaterThanOrEqual(quantity)
      }
    }
    const leftovers = (await readdir(directory.path)).filter((name) => name.startsWith('.killed'))
    expect(leftovers.length).toBeLessThanOrEqual(1)
    // A temporary file a killed server left is removed when the file is opened again.
    await writeFile(join(directory.path, '.killed.json.999999.0a1b2c.tmp'), '{"half')
    await DataFile.open(dataFile, loadSeed)
    expect((await readdir(directory.path)).filter((name) => name.startsWith('.killed'))).toEqual([])
  })
})
