export interface NonceCacheOptions {
  /** How long a nonce is remembered: as long as a message carrying it could still be fresh. */
  ttlMs: number
  /** How many nonces are remembered at most. Default 100,000 (a few MB). */
  maxEntries?: number
  /** The clock, in milliseconds (tests pass their own). */
  now?: () => number
}

/**
 * The nonces of accepted PasswordDigest tokens, each accepted once (WS-Security
 * UsernameToken profile §3.1: "a nonce cache"). Entries expire after `ttlMs`,
 * so the cache holds at most what arrived within one freshness window; when
 * that is more than `maxEntries`, new tokens are refused rather than old
 * nonces forgotten (forgetting one would let its message be replayed). Only
 * tokens whose digest is right are added, so filling it takes the password.
 */
export class NonceCache {
  readonly #ttlMs: number
  readonly #maxEntries: number
  readonly #now: () => number
  /** nonce → expiry, in arrival order (so in expiry order too). */
  readonly #seen = new Map<string, number>()

  constructor(options: NonceCacheOptions) {
    this.#ttlMs = options.ttlMs
    this.#maxEntries = options.maxEntries ?? 100_000
    this.#now = options.now ?? (() => Date.now())
  }

  get size(): number {
    return this.#seen.size
  }

  /** Records a nonce: 'fresh' the first time, 'replayed' when seen within the window, 'full' when no room is left. */
  add(nonce: string): 'fresh' | 'replayed' | 'full' {
    const now = this.#now()
    for (const [seen, expires] of this.#seen) {
      if (expires > now) break
      this.#seen.delete(seen)
    }
    if (this.#seen.has(nonce)) return 'replayed'
    if (this.#seen.size >= this.#maxEntries) return 'full'
    this.#seen.set(nonce, now + this.#ttlMs)
    return 'fresh'
  }
}
