import { randomBytes } from 'node:crypto'
import { chmod, mkdir, open, rename, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

export interface AtomicWriteModes {
  /** Mode of the file written. */
  fileMode: number
  /** Mode of the directory, applied only when it is created here. */
  directoryMode: number
  /** False: the directory must exist already (its absence is the caller's error, ENOENT). */
  createDirectory?: boolean
}

const PRIVATE: AtomicWriteModes = { fileMode: 0o600, directoryMode: 0o700 }

/**
 * Writes `data` so a reader sees either the old file or the whole new one:
 * a temp file beside the target (created with `fileMode`), fsync, rename,
 * fsync the directory; on any failure the temp file is removed.
 * The final file has `fileMode` even when the old one was wider.
 */
export async function writeFileAtomic(
  file: string,
  data: string,
  modes: AtomicWriteModes = PRIVATE,
): Promise<void> {
  const directory = dirname(file)
  if (modes.createDirectory !== false) {
    const created = await mkdir(directory, { recursive: true, mode: modes.directoryMode })
    // Every folder created here gets the mode exactly (the cache dir itself, when a file deep in it comes first).
    if (created !== undefined) {
      for (let folder = directory; ; folder = dirname(folder)) {
        await chmod(folder, modes.directoryMode)
        if (folder === created || dirname(folder) === folder) break
      }
    }
  }
  const temp = join(directory, `.${basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`)
  try {
    const handle = await open(temp, 'wx', modes.fileMode)
    try {
      await handle.writeFile(data, 'utf8')
      // The umask may have narrowed the mode given to open(); set it exactly.
      await handle.chmod(modes.fileMode)
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temp, file)
  } catch (error) {
    await unlink(temp).catch(() => undefined)
    throw error
  }
  await syncDirectory(directory)
}

/** Makes the rename durable. Not every platform can open a directory; that is not an error. */
async function syncDirectory(directory: string): Promise<void> {
  try {
    const handle = await open(directory, 'r')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
  } catch {
    // Best effort only.
  }
}
