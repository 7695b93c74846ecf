import { accessSync, constants, lstatSync, readlinkSync, realpathSync, statSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import type { ItemIndex } from '../kit/item-index.js'
import type { StoreBackend } from '../kit/store-backend.js'
import type { StoreState } from '../kit/store-state.js'
import { DataFileLock, type LockHolder } from './data-file-lock.js'
import { dataFileUnusable, refuseDataFile } from './data-file-problem.js'

export interface DataFileOptions {
  /** The store a new file starts with. */
  seed: () => Promise<StoreState>
  /**
   * `server` (default): one server per file, others refused (the lock names
   * the holder). `shared`: apictl commands share it (the local profile's
   * store; SQLite only), taking the write lock in turn.
   */
  sharing?: 'server' | 'shared'
  /** Who this server is, for the lock (its URL once it listens). */
  holder?: () => LockHolder
}

export interface OpenedDataFile {
  /** Its close() releases the file and the lock. */
  backend: StoreBackend
  index: ItemIndex
  /** The file actually used: the data path with symlinks followed. */
  path: string
}

/** `FILE.json` is a JSON document; any other name a SQLite database. */
export function isJsonDataFile(path: string): boolean {
  return path.toLowerCase().endsWith('.json')
}

const maximumLinks = 40

/**
 * The file a path names, symlinks followed (also a link to a file not made
 * yet), so writes go to the target and the link stays a link.
 */
export function followLinks(path: string): string {
  let current = resolve(path)
  for (let hops = 0; hops < maximumLinks; hops += 1) {
    try {
      return realpathSync(current)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return current
    }
    let link: string
    try {
      if (!lstatSync(current).isSymbolicLink()) return current
      link = readlinkSync(current)
    } catch {
      // Missing: the directory's real path, and this name in it.
      try {
        return join(realpathSync(dirname(current)), basename(current))
      } catch {
        return current
      }
    }
    current = resolve(dirname(current), link)
  }
  return current
}

/** Whether this process may write `path` (for root, which may write anything, a file with no write bit counts as read-only). */
function writable(path: string, mode: number): boolean {
  try {
    accessSync(path, constants.W_OK)
  } catch {
    return false
  }
  return !(process.getuid?.() === 0 && (mode & 0o222) === 0)
}

/** Refuses at start what could only fail later: a file or directory this server cannot write. */
function checkWritable(path: string, json: boolean): void {
  let mode: number | undefined
  try {
    const stats = statSync(path)
    if (stats.isDirectory()) refuseDataFile(path, 'cannot be read (it is a directory)', undefined)
    mode = stats.mode
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  if (mode !== undefined && !writable(path, mode)) {
    throw dataFileUnusable(
      path,
      `is read-only (mode ${(mode & 0o777).toString(8).padStart(4, '0')}); apictl left it untouched`,
      `make it writable (chmod u+w ${path}), or copy it and pass the copy to --data`,
    )
  }
  const directory = dirname(path)
  let directoryMode: number
  try {
    directoryMode = statSync(directory).mode
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    throw dataFileUnusable(
      path,
      `cannot be created: its directory ${directory} does not exist`,
      'pass --data a path in an existing, writable directory',
      error,
    )
  }
  // A JSON file is replaced by rename, and SQLite keeps its -wal and -shm files beside the database.
  if (!writable(directory, directoryMode)) {
    throw dataFileUnusable(
      path,
      `cannot be written: its directory ${directory} is read-only (${json ? 'each write replaces the file by a rename there' : 'SQLite keeps its -wal and -shm files there'})`,
      'pass --data a path in a writable directory',
    )
  }
}

/**
 * Opens a data file: follows symlinks, refuses what cannot be written,
 * takes the server lock (unless shared), then opens it in its format (JSON by
 * a `.json` name, else SQLite), creating it from the seed when missing and
 * refusing it, untouched, when it is corrupt. The formats load only when used.
 */
export async function openDataFile(path: string, options: DataFileOptions): Promise<OpenedDataFile> {
  const target = followLinks(path)
  const json = isJsonDataFile(target)
  checkWritable(target, json)
  const holder = options.holder ?? (() => ({ pid: process.pid }))
  const lock = options.sharing === 'shared' ? undefined : await DataFileLock.acquire(target, holder)
  const release = () => lock?.release()
  try {
    const opened = json
      ? await (await import('./json-data-file.js')).JsonDataFile.open(target, options.seed, release)
      : await (await import('./sqlite-data-file.js')).SqliteDataFile.open(target, options.seed, release)
    return { backend: opened.file, index: opened.index, path: target }
  } catch (error) {
    lock?.release()
    throw error
  }
}
