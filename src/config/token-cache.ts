import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { ConfigError } from '../core/errors.js'
import type { OAuth2Settings } from './profile.js'
import { writeFileAtomic } from './write-file-atomic.js'

/** A token is reused only while it expires more than this far ahead (clock skew, time in flight). */
export const EXPIRY_MARGIN_MS = 30_000

export interface CachedToken {
  accessToken: string
  tokenType: string
  /** Milliseconds since the epoch. */
  expiresAt: number
}

interface TokenCacheFile {
  version: 1
  tokens: Record<string, CachedToken>
}

/**
 * The cache key for a client: a SHA-256 of token URL, client id, client
 * secret and scope. The secret never reaches the disk in clear, and a changed
 * secret (or scope, or client) gives a new key, so the token is fetched anew.
 */
export function tokenCacheKey(settings: OAuth2Settings): string {
  const parts = [settings.tokenUrl, settings.clientId, settings.clientSecret, settings.scope ?? '']
  return createHash('sha256')
    .update(JSON.stringify(['apictl-oauth2-v1', ...parts]))
    .digest('hex')
}

/**
 * OAuth 2.0 client-credentials tokens on disk (`tokens.json`, mode 0600,
 * directory 0700, atomic writes). It is only a cache: a missing or corrupt
 * file reads as empty and is replaced on the next store.
 */
export class TokenCache {
  constructor(readonly file: string) {}

  /** The token for `key` if it is still good for more than EXPIRY_MARGIN_MS after `now`. */
  async getCachedToken(key: string, now: number = Date.now()): Promise<CachedToken | undefined> {
    const token = (await this.read()).tokens[key]
    return token !== undefined && token.expiresAt - now > EXPIRY_MARGIN_MS ? token : undefined
  }

  /** Keeps `token` under `key`, dropping entries that have expired by `now`. */
  async storeToken(key: string, token: CachedToken, now: number = Date.now()): Promise<void> {
    const cache = await this.read()
    cache.tokens = withoutExpired(cache.tokens, now)
    cache.tokens[key] = {
      accessToken: token.accessToken,
      tokenType: token.tokenType,
      expiresAt: token.expiresAt,
    }
    await this.write(cache)
  }

  /** Drops the token for `key` (e.g. after the server refused it). */
  async forgetToken(key: string): Promise<void> {
    const cache = await this.read()
    if (!Object.hasOwn(cache.tokens, key)) return
    delete cache.tokens[key]
    await this.write(cache)
  }

  private async read(): Promise<TokenCacheFile> {
    let data: unknown
    try {
      data = JSON.parse(await readFile(this.file, 'utf8'))
    } catch {
      return { version: 1, tokens: {} }
    }
    const tokens = (data as Partial<TokenCacheFile> | null)?.tokens
    if (typeof tokens !== 'object' || tokens === null || Array.isArray(tokens))
      return { version: 1, tokens: {} }
    const valid = Object.entries(tokens).filter(([, token]) => isCachedToken(token))
    return { version: 1, tokens: Object.fromEntries(valid) }
  }

  /** A failure here is a ConfigError; callers may warn and go on, since the token itself is good. */
  private async write(cache: TokenCacheFile): Promise<void> {
    try {
      await writeFileAtomic(this.file, `${JSON.stringify(cache, null, 2)}\n`)
    } catch (error) {
      throw new ConfigError(`Could not write the token cache ${this.file}: ${(error as Error).message}.`, {
        where: this.file,
        hint: 'Check that the cache directory is writable, or point APICTL_CACHE_DIR at one that is.',
        cause: error,
      })
    }
  }
}

function withoutExpired(tokens: Record<string, CachedToken>, now: number): Record<string, CachedToken> {
  return Object.fromEntries(Object.entries(tokens).filter(([, token]) => token.expiresAt > now))
}

function isCachedToken(value: unknown): value is CachedToken {
  const token = value as Partial<CachedToken> | null
  return (
    typeof token === 'object' &&
    token !== null &&
    typeof token.accessToken === 'string' &&
    typeof token.tokenType === 'string' &&
    typeof token.expiresAt === 'number' &&
    Number.isFinite(token.expiresAt)
  )
}
