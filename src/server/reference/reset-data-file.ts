import { openDataFile } from './open-data-file.js'
import { loadSeed } from './seed.js'
import { SqliteDataFile } from './sqlite-data-file.js'

/**
 * Puts a shared SQLite data file (the local profile's store) back to the
 * seed, made when missing; returns the file's real path. Processes that
 * have it open reload it on their next read.
 */
export async function resetDataFile(path: string): Promise<string> {
  const opened = await openDataFile(path, { seed: loadSeed, sharing: 'shared' })
  const file = opened.backend
  try {
    if (!(file instanceof SqliteDataFile)) throw new Error(`internal: ${path} is not a SQLite store`)
    file.reset(await loadSeed())
  } finally {
    file.close?.()
  }
  return opened.path
}
