import { EXPIRY_MARGIN_MS, tokenCacheKey } from '../config/token-cache.js'
import type { StoredToken, TokenStore } from '../transport/transport-options.js'

/**
 * OAuth 2.0 tokens kept in memory for a client's life (the `memory` cache
 * policy: a library client writes nothing to the cache dir). Same key and
 * expiry margin as the disk store.
 */
export function memoryTokenStore(): TokenStore {
  const tokens = new Map<string, StoredToken>()
  return {
    async get(settings) {
      const token = tokens.get(tokenCacheKey(settings))
      return token !== undefined && token.expiresAt - Date.now() > EXPIRY_MARGIN_MS ? token : undefined
    },
    async put(settings, token) {
      tokens.set(tokenCacheKey(settings), token)
    },
  }
}
