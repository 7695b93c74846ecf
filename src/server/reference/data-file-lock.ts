import { createHash } from 'node:crypto'
import { unlinkSync } from 'node:fs'
import { connect, createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { dataFileUnusable } from './data-file-problem.js'

/** Who holds a data file: what a second server names when it refuses to start. */
export interface LockHolder {
  pid: number
  /** Where that server listens, once it does. */
  url?: string | undefined
}

/** How long a refused server waits for the holder to say who it is. */
const askTimeoutMs = 1_000

/**
 * The lock's name: an abstract Unix socket on Linux (no file; the kernel
 * drops it when the process dies, even by SIGKILL), a named pipe on Windows,
 * else a socket file in the temp dir. Keyed by the data file's real path.
 */
function lockAddress(realPath: string): { address: string; file: boolean } {
  const key = createHash('sha256').update(realPath).digest('hex').slice(0, 32)
  if (process.platform === 'linux') return { address: `\0apictl-data-${key}`, file: false }
  if (process.platform === 'win32') return { address: `\\\\?\\pipe\\apictl-data-${key}`, file: false }
  return { address: join(tmpdir(), `apictl-data-${key}.sock`), file: true }
}

function listen(server: Server, address: string): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((resolve) => {
    server.once('error', resolve)
    server.listen(address, () => {
      server.off('error', resolve)
      resolve(undefined)
    })
  })
}

/** Asks the holder who it is; undefined when nobody answers (a socket file left by a killed server). */
function askHolder(address: string): Promise<LockHolder | undefined> {
  return new Promise((resolve) => {
    const socket = connect(address)
    let text = ''
    const done = (holder: LockHolder | undefined) => {
      clearTimeout(timer)
      socket.destroy()
      resolve(holder)
    }
    const timer = setTimeout(() => done({ pid: 0 }), askTimeoutMs)
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      text += chunk
    })
    socket.on('end', () => {
      try {
        const parsed = JSON.parse(text) as LockHolder
        done({ pid: Number(parsed.pid) || 0, url: typeof parsed.url === 'string' ? parsed.url : undefined })
      } catch {
        done({ pid: 0 })
      }
    })
    socket.on('error', (error: NodeJS.ErrnoException) =>
      done(error.code === 'ECONNREFUSED' || error.code === 'ENOENT' ? undefined : { pid: 0 }),
    )
  })
}

function describe(holder: LockHolder): string {
  const who = holder.pid > 0 ? `another apictl server (pid ${holder.pid}` : 'another apictl server ('
  return `${who}${holder.pid > 0 ? ', ' : ''}${holder.url === undefined ? 'still starting' : `listening on ${holder.url}`})`
}

/**
 * One server per data file. The holder listens on the lock's address and
 * answers whoever connects with its pid and URL; a second server finds the
 * address taken, asks, and refuses to start naming the first. Nothing is
 * left behind by a crash. apictl commands sharing the local store take no
 * such lock: SQLite lets them write in turn.
 */
export class DataFileLock {
  readonly #server: Server
  readonly #file: string | undefined

  private constructor(server: Server, file: string | undefined) {
    this.#server = server
    this.#file = file
  }

  /** Takes the lock on `realPath` or throws naming who has it; `holder` is asked each time someone wants to know. */
  static async acquire(realPath: string, holder: () => LockHolder): Promise<DataFileLock> {
    const { address, file } = lockAddress(realPath)
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const server = createServer((socket) => socket.end(JSON.stringify(holder())))
      const error = await listen(server, address)
      if (error === undefined) {
        server.unref()
        return new DataFileLock(server, file ? address : undefined)
      }
      if (error.code !== 'EADDRINUSE') {
        throw dataFileUnusable(
          realPath,
          `cannot be locked for this server (${error.message})`,
          'check that the temp dir is writable',
          error,
        )
      }
      const other = await askHolder(address)
      if (other !== undefined) {
        throw dataFileUnusable(
          realPath,
          `is in use by ${describe(other)}`,
          'a data file serves one server at a time: stop that one, or pass this one another --data file',
        )
      }
      // A socket file nobody listens on: its server was killed. Take it over.
      if (file) unlinkSync(address)
    }
    throw dataFileUnusable(realPath, 'could not be locked', 'try again')
  }

  release(): void {
    this.#server.close()
    if (this.#file !== undefined) {
      try {
        unlinkSync(this.#file)
      } catch {
        // already gone
      }
    }
  }
}
