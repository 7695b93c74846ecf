import { appendFile, chmod, mkdir, readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { configDir } from '../../config/paths.js'
import { writeFileAtomic } from '../../config/write-file-atomic.js'
import type { Context } from '../../core/context.js'
import { redactLine } from '../text/redact-line.js'

/** How many entries the history file keeps. */
export const HISTORY_SIZE = 1000

/** `repl_history` in the config dir: one entry per line, oldest first, credentials redacted, mode 0600. */
export function historyPath(env: Context['env']): string {
  return join(configDir(env), 'repl_history')
}

/**
 * The REPL's history across sessions. Each entry is redacted before it is
 * written (the session keeps what was typed, so ↑ still recalls it whole);
 * a multi-line GraphQL document is kept as one line.
 */
export class HistoryFile {
  private ready: Promise<void> | undefined
  private count = 0

  constructor(readonly path: string) {}

  /** The stored entries, oldest first; none when the file does not exist yet. */
  async load(): Promise<string[]> {
    try {
      const lines = (await readFile(this.path, 'utf8')).split('\n').filter((line) => line.trim() !== '')
      this.count = lines.length
      return lines.slice(-HISTORY_SIZE)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
      throw error
    }
  }

  async append(entry: string): Promise<void> {
    const line = redactLine(oneLine(entry))
    if (line.trim() === '') return
    this.ready ??= this.prepare()
    await this.ready
    await appendFile(this.path, `${line}\n`, { mode: 0o600 })
    this.count++
  }

  /** Keeps the newest HISTORY_SIZE entries (at the end of a session). */
  async trim(): Promise<void> {
    if (this.count <= HISTORY_SIZE * 1.2) return
    const lines = await this.load()
    await writeFileAtomic(this.path, `${lines.join('\n')}\n`)
    this.count = lines.length
  }

  /** The directory exists (0700 when created here) and the file is private even if it was not. */
  private async prepare(): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true, mode: 0o700 })
    await appendFile(this.path, '', { mode: 0o600 })
    await chmod(this.path, 0o600)
  }
}

/** A multi-line entry as one history line. */
export function oneLine(entry: string): string {
  return entry
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' ')
}
