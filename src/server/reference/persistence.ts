import { readdir, readFile, unlink } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import { writeFileAtomic } from '../../config/write-file-atomic.js'
import { ApictlError } from '../../core/errors.js'
import { ExitCode } from '../../core/exit-codes.js'
import type { StoreState } from '../kit/store-state.js'
import { readStoreDocument, writeStoreDocument } from './store-document.js'

/** The data file is the user's, not a secret: readable by others as a file they wrote would be. */
const DATA_FILE_MODES = { fileMode: 0o644, directoryMode: 0o755, createDirectory: false }

/**
 * Replaces `path` with `text` so that a crash at any moment leaves either the
 * old file or the new one, never a mixture (config's writeFileAtomic: temp
 * file, fsync, rename, fsync the directory); the directory must exist.
 */
export function writeFileDurably(path: string, text: string): Promise<void> {
  return writeFileAtomic(path, text, DATA_FILE_MODES)
}

/**
 * Temporary files a killed server left beside the data file (writeFileAtomic names them
 * `.<name>.<pid>.<random>.tmp`): the file itself is whole, so they are only litter.
 */
async function removeLeftoverTemporaries(path: string): Promise<void> {
  const prefix = `.${basename(path)}.`
  const names = await readdir(dirname(path)).catch(() => [] as string[])
  for (const name of names) {
    if (name.startsWith(prefix) && /^\d+\.[0-9a-f]+\.tmp$/.test(name.slice(prefix.length))) {
      await unlink(join(dirname(path), name)).catch(() => undefined)
    }
  }
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
    await removeLeftoverTemporaries(file.path)
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
