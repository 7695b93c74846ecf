import { readdir, readFile, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { writeFileAtomic } from '../../config/write-file-atomic.js'
import { ApictlError } from '../../core/errors.js'
import { ExitCode } from '../../core/exit-codes.js'
import { ItemIndex } from '../kit/item-index.js'
import type { StoreBackend } from '../kit/store-backend.js'
import { StorageError } from '../kit/store-error.js'
import type { StoreState } from '../kit/store-state.js'
import type { StoreSnapshot, WriteBatch } from '../kit/write-batch.js'
import { refuseDataFile } from './data-file-problem.js'
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

function parse(path: string, text: string): StoreState {
  if (text.trim() === '') refuseDataFile(path, 'is empty (not an apictl store)', undefined)
  let document: unknown
  try {
    document = JSON.parse(text)
  } catch (error) {
    refuseDataFile(path, `is not valid JSON (${(error as Error).message})`, error)
  }
  try {
    return readStoreDocument(document)
  } catch (error) {
    refuseDataFile(path, `is not a valid apictl store (${(error as Error).message})`, error)
  }
}

/** A full disk (or quota) is the user's to fix, and answered 507; anything else is the server's. */
function storageFailure(error: unknown, path: string): unknown {
  const code = (error as NodeJS.ErrnoException).code
  return code === 'ENOSPC' || code === 'EDQUOT'
    ? new StorageError('full', `the disk holding ${path} is full; nothing was written`, error)
    : error
}

/**
 * A `.json` data file: one JSON document, loaded at start (created from the
 * seed when missing, refused when unreadable or corrupt) and rewritten whole,
 * durably, for each group of writes. Readable and diffable; its write cost
 * grows with the store, so it is for small stores (SQLite is for the rest).
 */
export class JsonDataFile implements StoreBackend {
  readonly path: string
  readonly #release: () => void

  private constructor(path: string, release: () => void) {
    this.path = path
    this.#release = release
  }

  /** Opens the file (`path` absolute, links resolved) and returns it with the items it holds. */
  static async open(
    path: string,
    seed: () => Promise<StoreState>,
    release: () => void = () => undefined,
  ): Promise<{ file: JsonDataFile; index: ItemIndex }> {
    const file = new JsonDataFile(path, release)
    await removeLeftoverTemporaries(path)
    let text: string
    try {
      text = await readFile(path, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') refuseDataFile(path, 'cannot be read', error)
      const index = ItemIndex.fromState(await seed())
      await file.#create(index)
      return { file, index }
    }
    return { file, index: ItemIndex.fromState(parse(path, text)) }
  }

  async #create(store: StoreSnapshot): Promise<void> {
    try {
      await this.#write(store)
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

  async #write(store: StoreSnapshot): Promise<void> {
    try {
      await writeFileDurably(this.path, writeStoreDocument(store))
    } catch (error) {
      throw storageFailure(error, this.path)
    }
  }

  /** Writes the store as it is with `batch`; resolves once it is on disk. */
  commit(batch: WriteBatch): Promise<void> {
    return this.#write(batch.after())
  }

  close(): void {
    this.#release()
  }
}
