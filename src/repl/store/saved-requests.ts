import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { configDir } from '../../config/paths.js'
import { writeFileAtomic } from '../../config/write-file-atomic.js'
import type { Context } from '../../core/context.js'
import { ConfigError, UsageError } from '../../core/errors.js'

export interface SavedRequest {
  /** The request line as typed, `{{…}}` placeholders kept, with its style written out (`gql { … }`). */
  line: string
  savedAt: string
}

interface SavedFile {
  version: 1
  requests: Record<string, SavedRequest>
}

const namePattern = /^[\w.-]{1,64}$/

/** `.save NAME` / `.run NAME`: requests kept in `repl-requests.json` in the config dir (mode 0600). */
export class SavedRequests {
  constructor(readonly path: string) {}

  static at(env: Context['env']): SavedRequests {
    return new SavedRequests(join(configDir(env), 'repl-requests.json'))
  }

  async list(): Promise<Record<string, SavedRequest>> {
    return (await this.read()).requests
  }

  async get(name: string): Promise<SavedRequest | undefined> {
    const requests = await this.list()
    return Object.hasOwn(requests, name) ? requests[name] : undefined
  }

  async save(name: string, line: string): Promise<void> {
    if (!namePattern.test(name)) {
      throw new UsageError(`'${name}' cannot name a saved request.`, {
        hint: 'Use letters, digits, _, - and . (up to 64), e.g. .save first-item',
      })
    }
    const file = await this.read()
    file.requests[name] = { line, savedAt: new Date().toISOString() }
    await writeFileAtomic(this.path, `${JSON.stringify(file, null, 2)}\n`)
  }

  private async read(): Promise<SavedFile> {
    let text: string
    try {
      text = await readFile(this.path, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, requests: {} }
      throw error
    }
    try {
      const data = JSON.parse(text) as Partial<SavedFile>
      if (typeof data.requests !== 'object' || data.requests === null) throw new Error('no "requests" object')
      return { version: 1, requests: data.requests }
    } catch (error) {
      throw new ConfigError(`The saved requests file is not readable: ${(error as Error).message}.`, {
        where: this.path,
        hint: 'Fix or remove the file; .save writes a new one.',
      })
    }
  }
}
