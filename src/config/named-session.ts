import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Context } from '../core/context.js'
import { ConfigError, UsageError } from '../core/errors.js'
import type { Headers } from '../core/exchange.js'
import { CookieStore, type SerializedCookieJar } from '../transport/cookie-jar.js'
import { type HttpSession, sessionHeaders } from '../transport/http-session.js'
import { configDir, localPath } from './paths.js'
import { writeFileAtomic } from './write-file-atomic.js'

/** sessions/NAME.json: what --session NAME keeps (HTTPie's named sessions, one file for every host). */
interface SessionFile {
  version: 1
  /** By host (`api.example.com`, `127.0.0.1:4000`): the headers the user gave there. */
  hosts: Record<string, { headers: Headers }>
  /** tough-cookie's serialised jar: RFC 6265 decides which host gets which cookie. */
  cookies?: SerializedCookieJar
}

const NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$/

/**
 * A named session: its file read once per process (every call of the
 * command, or of a REPL session, shares it) and written, mode 0600, after
 * each call that changed it. Headers are kept per host; cookies in one jar.
 */
export class NamedSession {
  readonly file: string
  readonly cookies: CookieStore
  readonly #hosts: SessionFile['hosts']
  #exists: boolean
  #writing: Promise<void> = Promise.resolve()

  private constructor(file: string, data: SessionFile | undefined) {
    this.file = file
    this.#exists = data !== undefined
    this.#hosts = data?.hosts ?? {}
    this.cookies = new CookieStore(data?.cookies)
  }

  /** `--session NAME` (sessions/NAME.json in the config dir) or `--session path/file.json`. */
  static open(nameOrPath: string, ctx: Pick<Context, 'env' | 'cwd'>): NamedSession {
    const file = sessionFile(nameOrPath, ctx)
    const open = opened.get(file)
    if (open !== undefined) return open
    const session = new NamedSession(file, readSession(file, nameOrPath))
    opened.set(file, session)
    return session
  }

  /**
   * The session as the transport uses it for one set of calls: a request's
   * headers are kept, but not those named in `ignore` (the profile's own,
   * which the profile sends anyway).
   */
  forCalls(ignore: readonly string[]): HttpSession {
    return {
      cookies: this.cookies,
      headersFor: (url) => this.#hosts[hostOf(url)]?.headers ?? {},
      remember: (url, headers) => this.#remember(url, sessionHeaders(headers, ignore)),
    }
  }

  async #remember(url: string, headers: Headers): Promise<void> {
    const host = hostOf(url)
    const kept = this.#hosts[host]?.headers ?? {}
    const merged = { ...kept, ...headers }
    const same = JSON.stringify(merged) === JSON.stringify(kept)
    if (!same) this.#hosts[host] = { headers: merged }
    if (same && this.#exists && !this.cookies.changed) return
    await this.save()
  }

  /** Writes the file now (after any write already under way), mode 0600. */
  save(): Promise<void> {
    this.#writing = this.#writing.then(async () => {
      const data: SessionFile = { version: 1, hosts: this.#hosts }
      this.cookies.markSaved()
      const cookies = await this.cookies.toJSON()
      if (cookies !== undefined) data.cookies = cookies
      try {
        await writeFileAtomic(this.file, `${JSON.stringify(data, null, 2)}\n`)
      } catch (error) {
        const code = (error as { code?: string }).code ?? String(error)
        throw new ConfigError(`Cannot write the session file ${this.file} (${code}).`, {
          where: '--session',
          hint: 'Check that the config dir is writable (APICTL_CONFIG_DIR), or give the session as a path.',
        })
      }
      this.#exists = true
    })
    return this.#writing
  }
}

const opened = new Map<string, NamedSession>()

function sessionFile(nameOrPath: string, ctx: Pick<Context, 'env' | 'cwd'>): string {
  if (nameOrPath.includes('/') || nameOrPath.endsWith('.json')) return localPath(nameOrPath, ctx)
  if (!NAME.test(nameOrPath)) {
    throw new UsageError(`--session '${nameOrPath}' is not a session name.`, {
      where: '--session',
      hint: 'Use letters, digits, _ . and - (up to 64), or a path to a file such as ./session.json.',
    })
  }
  return join(configDir(ctx.env), 'sessions', `${nameOrPath}.json`)
}

function readSession(file: string, given: string): SessionFile | undefined {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return undefined
    throw new ConfigError(`Cannot read the session file ${file}: ${(error as Error).message}.`, {
      where: '--session',
      hint: 'Check its permissions, or give another --session name.',
    })
  }
  // The file holds credentials: a problem is named, never shown.
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    data = undefined
  }
  const problem = shapeProblem(data)
  if (problem !== undefined) {
    throw new ConfigError(`The session file ${file} is not one apictl can read (${problem}).`, {
      where: '--session',
      hint: `Remove it to start the session '${given}' afresh, or give another --session name.`,
    })
  }
  return data as SessionFile
}

function shapeProblem(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return 'not a JSON object'
  const { version, hosts, cookies } = data as Record<string, unknown>
  if (version !== 1) return '"version" is not 1'
  if (typeof hosts !== 'object' || hosts === null || Array.isArray(hosts)) return '"hosts" is not an object'
  for (const entry of Object.values(hosts)) {
    const headers = (entry as { headers?: unknown } | null)?.headers
    if (typeof headers !== 'object' || headers === null) return 'a host without "headers"'
  }
  if (cookies !== undefined && !Array.isArray((cookies as { cookies?: unknown } | null)?.cookies)) {
    return '"cookies" is not a cookie jar'
  }
  return undefined
}

function hostOf(url: string): string {
  return new URL(url).host
}
