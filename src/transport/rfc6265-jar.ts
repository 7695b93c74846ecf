// The one module that imports tough-cookie: cookie-jar.ts loads it on the first cookie, and the
// CLI bundle requires tough-cookie from node_modules only then (scripts/build.mjs EXTERNAL).
import { CookieJar, type SerializedCookieJar } from 'tough-cookie'

/** A jar by RFC 6265's rules, empty or from a session file. */
export async function openCookieJar(saved: SerializedCookieJar | undefined): Promise<CookieJar> {
  return saved === undefined ? new CookieJar() : await CookieJar.deserialize(saved)
}
