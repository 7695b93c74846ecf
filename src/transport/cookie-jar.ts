import type { CookieJar, SerializedCookieJar } from 'tough-cookie'
import type { CookieJarLike } from '../core/exchange.js'

export type { CookieJarLike, SerializedCookieJar }

/**
 * Cookies kept between calls, by RFC 6265's rules (tough-cookie: domain and
 * path matching, expiry, Secure, public suffixes refused). tough-cookie is
 * loaded only once there is a cookie to keep or send: a session that never
 * meets a Set-Cookie costs nothing.
 */
export class CookieStore implements CookieJarLike {
  #jar: CookieJar | undefined
  #loading: Promise<CookieJar> | undefined
  #saved: SerializedCookieJar | undefined
  #changed = false

  /** `saved`: the jar as a session file keeps it (CookieStore.toJSON). */
  constructor(saved?: SerializedCookieJar) {
    this.#saved = saved !== undefined && saved.cookies.length > 0 ? saved : undefined
  }

  /** Whether a Set-Cookie was taken since the store was made, or last saved (markSaved). */
  get changed(): boolean {
    return this.#changed
  }

  markSaved(): void {
    this.#changed = false
  }

  async getCookieString(url: string): Promise<string> {
    if (this.#jar === undefined && this.#saved === undefined) return ''
    return (await this.#open()).getCookieString(url)
  }

  async setCookie(rawCookie: string, url: string): Promise<unknown> {
    const jar = await this.#open()
    // A cookie the rules refuse (another domain, a public suffix) is dropped, as browsers do.
    const taken = await jar.setCookie(rawCookie, url, { ignoreError: true })
    if (taken !== undefined) this.#changed = true
    return taken
  }

  /**
   * The cookies for a session file, expired ones left out. Session cookies
   * (no expiry) are kept, as HTTPie's sessions keep them: a named session is
   * the user asking for the login to last.
   */
  async toJSON(): Promise<SerializedCookieJar | undefined> {
    if (this.#jar === undefined) return this.#saved
    const serialized = await this.#jar.serialize()
    const now = Date.now()
    serialized.cookies = serialized.cookies.filter((cookie) => {
      const expires = cookie.expires
      return typeof expires !== 'string' || expires === 'Infinity' || !(Date.parse(expires) <= now)
    })
    return serialized
  }

  #open(): Promise<CookieJar> {
    this.#loading ??= (async () => {
      const { openCookieJar } = await import('./rfc6265-jar.js')
      this.#jar = await openCookieJar(this.#saved)
      return this.#jar
    })()
    return this.#loading
  }
}
