// The data file is used safely (SPEC §7): one server per file, symlinks followed, read-only refused, a full disk answered 507.
import { spawnSync } from 'node:child_process'
import { chmod, lstat, mkdir, readFile, readlink, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ApictlError } from '../../../src/core/errors.js'
import { startServer } from '../../../src/server/reference/start-server.js'
import { serveChild, serveRefused } from './serve-child.js'
import { createItem, expectProblem, jsonHeaders, readDataFile, useTempDir } from './server-helpers.js'

const directory = useTempDir()

describe.each(['json', 'db'])('a .%s data file', (extension) => {
  it('serves one server at a time: a second refuses to start and names the first', async () => {
    const dataFile = join(directory.path, `locked.${extension}`)
    const first = await startServer({ port: 0, dataFile, env: {} })
    try {
      const refused = await serveRefused(dataFile)
      expect(refused.code).toBe(2)
      expect(refused.stderr).toContain(`the data file ${dataFile} is in use by another apictl server`)
      expect(refused.stderr).toContain(`pid ${process.pid}, listening on ${first.url}`)
      expect(refused.stderr).toMatch(/one server at a time/)
      await createItem(first.url) // the first one is untouched by the attempt
    } finally {
      await first.close()
    }
    // Once it stops, the file is free; a server killed with SIGKILL frees it too.
    const child = await serveChild(dataFile)
    const error = (await startServer({ port: 0, dataFile, env: {} }).catch((caught) => caught)) as ApictlError
    expect(error).toBeInstanceOf(ApictlError)
    expect(error.message).toContain(`pid ${child.process.pid}, listening on ${child.url}`)
    child.process.kill('SIGKILL')
    await child.exited
    const again = await startServer({ port: 0, dataFile, env: {} })
    expect(again.store.count()).toBe(41)
    await again.close()
  })

  it('is written through a symlink to its target, and the link stays a link', async () => {
    const real = join(directory.path, `real-${extension}`)
    await mkdir(real)
    const target = join(real, `target.${extension}`)
    const link = join(directory.path, `link.${extension}`)
    await symlink(target, link) // dangling: the target is made on first use
    const server = await startServer({ port: 0, dataFile: link, env: {} })
    expect(server.dataFile).toBe(target)
    const created = await createItem(server.url, { name: 'Through the link' })
    await server.close()
    expect((await lstat(link)).isSymbolicLink()).toBe(true)
    expect(await readlink(link)).toBe(target)
    expect((await readDataFile(target)).get(created.id)?.item.name).toBe('Through the link')
    // A second server through another path to the same file is still the same file.
    const held = await startServer({ port: 0, dataFile: target, env: {} })
    await expect(startServer({ port: 0, dataFile: link, env: {} })).rejects.toThrow(/is in use by/)
    await held.close()
  })

  it('is refused at start when it is read-only, and left untouched', async () => {
    const dataFile = join(directory.path, `read-only.${extension}`)
    await (await startServer({ port: 0, dataFile, env: {} })).close()
    await chmod(dataFile, 0o444)
    const before = await readFile(dataFile)
    const mtime = (await stat(dataFile)).mtimeMs
    const error = (await startServer({ port: 0, dataFile, env: {} }).catch((caught) => caught)) as ApictlError
    expect(error).toBeInstanceOf(ApictlError)
    expect(error.exitCode).toBe(2)
    expect(error.message).toBe(`the data file ${dataFile} is read-only (mode 0444); apictl left it untouched`)
    expect(error.hint).toMatch(/chmod u\+w/)
    expect(await readFile(dataFile)).toEqual(before)
    expect((await stat(dataFile)).mtimeMs).toBe(mtime)
    await chmod(dataFile, 0o644)
  })

  it('is refused at start when its directory is read-only', async () => {
    const folder = join(directory.path, `read-only-dir-${extension}`)
    await mkdir(folder)
    await chmod(folder, 0o555)
    try {
      await expect(
        startServer({ port: 0, dataFile: join(folder, `s.${extension}`), env: {} }),
      ).rejects.toThrow(/its directory .* is read-only/)
    } finally {
      await chmod(folder, 0o755)
    }
  })
})

/** A tiny tmpfs, or why there cannot be one here (mounting needs root). */
function mountTinyDisk(path: string): string | undefined {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return 'mounting a tmpfs needs root on Linux'
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=512k', 'tmpfs', path])
  return mounted.status === 0 ? undefined : `mount failed: ${mounted.stderr}`
}

/** Fills the disk holding `path` to the last byte. */
async function fill(path: string): Promise<void> {
  const chunk = Buffer.alloc(4096, 1)
  let content = Buffer.alloc(0)
  for (;;) {
    try {
      await writeFile(path, chunk, { flag: 'a' })
      content = Buffer.concat([content, chunk])
    } catch {
      break
    }
  }
  for (const size of [1024, 256, 64, 16, 1]) {
    for (;;) {
      try {
        await writeFile(path, Buffer.alloc(size, 1), { flag: 'a' })
      } catch {
        break
      }
    }
  }
}

describe.each(['json', 'db'])('a full disk under a .%s data file', (extension) => {
  it('answers 507 problem+json and loses nothing', async (context) => {
    const disk = join(directory.path, `disk-${extension}`)
    await mkdir(disk)
    const why = mountTinyDisk(disk)
    if (why !== undefined) {
      context.skip(`${why}; run the suite as root to cover a full disk`)
      return
    }
    try {
      const dataFile = join(disk, `store.${extension}`)
      const server = await startServer({ port: 0, dataFile, env: {}, logError: () => undefined })
      const acknowledged: string[] = []
      const refused: string[] = []
      try {
        acknowledged.push((await createItem(server.url, { name: 'before the disk filled' })).id)
        await fill(join(disk, 'filler'))
        for (let attempt = 0; attempt < 40 && refused.length < 3; attempt += 1) {
          const name = `attempt ${attempt}`
          const response = await fetch(`${server.url}/v1/items`, {
            method: 'POST',
            headers: jsonHeaders,
            body: JSON.stringify({ name, price: 1, description: 'x'.repeat(4000) }),
          })
          if (response.status === 201) acknowledged.push(((await response.json()) as { id: string }).id)
          else {
            const problem = await expectProblem(response, 507)
            expect(problem.detail).toMatch(/is full; nothing was written/)
            refused.push(name)
          }
        }
        expect(refused.length).toBeGreaterThan(0)
        expect(server.store.count()).toBe(40 + acknowledged.length)
        await rm(join(disk, 'filler'))
        acknowledged.push((await createItem(server.url, { name: 'after space came back' })).id)
      } finally {
        await server.close()
      }
      const index = await readDataFile(dataFile)
      for (const id of acknowledged) expect(index.get(id), `item ${id}`).toBeDefined()
      expect(index.size).toBe(40 + acknowledged.length)
      for (const entry of index.entries()) expect(refused).not.toContain(entry.item.name)
    } finally {
      // Lazily: libsql keeps a closed database's file open until its statements are garbage-collected.
      spawnSync('umount', ['-l', disk])
    }
  })
})
