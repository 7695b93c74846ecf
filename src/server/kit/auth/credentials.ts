import { createHash, timingSafeEqual } from 'node:crypto'

/** The reference server's demo identities (SPEC §7). */
export const demoUser = { username: 'demo', password: 'demo' } as const
export const demoClient = { clientId: 'demo', clientSecret: 'demo-secret' } as const

/** Compares secrets in constant time (hashing first so lengths need not match). */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest()
  return timingSafeEqual(digest(given), digest(expected))
}

export interface BasicCredentials {
  username: string
  password: string
}

/** Reads `Authorization: Basic base64(user:password)`; undefined when absent or not Basic. */
export function parseBasic(authorization: string | undefined): BasicCredentials | undefined {
  if (authorization === undefined) return undefined
  const match = /^basic[ \t]+([A-Za-z0-9+/=._~-]+)[ \t]*$/i.exec(authorization)
  if (!match) return undefined
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon === -1) return undefined
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) }
}

/** Reads `Authorization: Bearer TOKEN`; undefined when absent or another scheme. */
export function parseBearer(authorization: string | undefined): string | undefined {
  if (authorization === undefined) return undefined
  const match = /^bearer[ \t]+([A-Za-z0-9._~+/=-]+)[ \t]*$/i.exec(authorization)
  return match?.[1]
}
