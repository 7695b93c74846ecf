import { open, readFile, rename, unlink } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import { ApictlError } from '../core/errors.js'
import { ExitCode } from '../core/exit-codes.js'
import { readStoreDocument, writeStoreDocument } from './store-document.js'
import type { StoreState } from './store-state.js'

async function syncDirectory(directory: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>> | undefined
  try {
    handle = await open(directory, 'r')
    await handle.sync()
  } catch (error) {
    // Windows cannot open or fsync a directory; everywhere else this is a real failure.
    if (process.platform !== 'win32') throw error
  } finally {
    await handle?.close()
  }
}

/**
 * Replaces `path` with `text` so that a crash at any moment leaves either the
 * old file or the new one, never a mixture: write a temporary file beside it,
 * fsync it, rename it over the target, fsync the directory.
 */
export async function writeFileDurably(path: string, text: string): Promise<void> {
  const directory = dirname(path)
  const temporary = join(directory, `.${basename(path)}.tmp`)
  const handle = await open(temporary, 'w')
  try {
    try {
      await handle.writeFile(text, 'utf8')
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temporary, path)
  } catch (error) {
    // The write or the rename failed: the target is untouched; leave no half-written file beside it.
    await unlink(temporary).catch(() => undefined)
    throw error
  }
  await syncDirectory(directory)
}

function refuse(path: string, what: string, cause: unknown): never {
  throw new ApictlError(`the data file ${path} ${what}; apictl left it untouched`, ExitCode.Usage, {
    where: path,
    hint: `fix the file, or move it aside (mv ${path} ${path}.bad) and start again to get a fresh copy of the seed`,
    cause,
  })
}

/**
 * The --data file: loaded at start (created from the seed when missing,
 * refused when unreadable or corrupt), then rewritten durably on every
 * acknowledged write. Saves are serialised.
 */
export class DataFile {
  readonly path: string
  #queue: Promise<unknown> = Promise.resolve()

  private constructor(path: string) {
    this.path = path
  }

  /** Opens the file and returns it with the state it holds. */
  static async open(
    path: string,
    seed: () => Promise<StoreState>,
  ): Promise<{ file: DataFile; state: StoreState }> {
    const file = new DataFile(resolve(path))
    let text: string
    try {
      text = await readFile(file.path, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') refuse(file.path, 'cannot be read', error)
      const state = await seed()
      await file.create(state)
      return { file, state }
    }
    return { file, state: file.parse(text) }
  }

  private parse(text: string): StoreState {
    if (text.trim() === '') refuse(this.path, 'is empty (not an apictl store)', undefined)
    let document: unknown
    try {
      document = JSON.parse(text)
    } catch (error) {
      refuse(this.path, `is not valid JSON (${(error as Error).message})`, error)
    }
    try {
      return readStoreDocument(document)
    } catch (error) {
      refuse(this.path, `is not a valid apictl store (${(error as Error).message})`, error)
    }
  }

  private async create(state: StoreState): Promise<void> {
    try {
      await this.save(state)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      const reason =
        code === 'ENOENT' ? `its directory ${dirname(this.path)} does not exist` : (error as Error).message
      throw new ApictlError(`cannot create the data file ${this.path}: ${reason}`, ExitCode.Usage, {
        where: this.path,
        hint: 'pass --data a path in an existing, writable directory',
        cause: error,
      })
    }
  }

  /** Writes `state` durably; resolves only once it is on disk. Calls run one at a time. */
  save(state: StoreState): Promise<void> {
    const text = writeStoreDocument(state)
    const write = this.#queue.then(() => writeFileDurably(this.path, text))
    this.#queue = write.catch(() => undefined)
    return write
  }
}
