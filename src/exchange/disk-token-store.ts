import { tokenCacheFile } from '../config/paths.js'
import { TokenCache, tokenCacheKey } from '../config/token-cache.js'
import type { Context } from '../core/context.js'
import type { OAuth2Settings } from '../core/exchange.js'
import type { StoredToken, TokenStore } from '../transport/transport-options.js'

/** The transport's token store on disk: the cache dir's tokens.json (mode 0600). */
export function diskTokenStore(env: Context['env']): TokenStore {
  const cache = new TokenCache(tokenCacheFile(env))
  return {
    async get(settings: OAuth2Settings): Promise<StoredToken | undefined> {
      return cache.getCachedToken(tokenCacheKey(settings))
    },
    async put(settings: OAuth2Settings, token: StoredToken): Promise<void> {
      await cache.storeToken(tokenCacheKey(settings), { ...token, tokenType: 'Bearer' })
    },
  }
}
