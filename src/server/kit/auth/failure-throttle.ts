import { isIPv6 } from 'node:net'

export interface FailureThrottleOptions {
  /** Failed attempts a client address may make at once before it has to wait. Default 10. */
  burst?: number
  /** One more attempt is allowed after each this many milliseconds. Default 3000 (20 a minute). */
  refillMs?: number
  /** How many addresses are remembered; the least recently failing is forgotten first. Default 10,000. */
  maxClients?: number
  /** The clock, in milliseconds (tests pass their own). */
  now?: () => number
}

interface Budget {
  /** Attempts left (fractional while refilling). */
  left: number
  /** When `left` was computed. */
  at: number
}

/**
 * The client an address stands for: IPv4 as is (also when IPv4-mapped), an
 * IPv6 address by its /64 (one host usually holds a whole /64).
 */
export function clientKey(address: string | undefined): string {
  if (address === undefined || address === '') return 'unknown'
  // An IPv4 address (the common case) is its own key: no pattern needs to look at it.
  if (!address.includes(':')) return address
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped !== null) return mapped[1]!
  if (!isIPv6(address)) return address
  const [head = '', tail = ''] = address.toLowerCase().split('::')
  const front = head === '' ? [] : head.split(':')
  const back = tail === '' ? [] : tail.split(':')
  const groups = address.includes('::')
    ? [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back]
    : front
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

/**
 * Slows down guessing (SPEC §7): each client address has a budget of failed
 * logins and token requests (`burst`), which refills one attempt every
 * `refillMs`. While the budget is spent, the server answers 429 with
 * Retry-After without checking the credentials at all, so the answer tells
 * nothing; successful logins spend nothing. Memory is bounded: at most
 * `maxClients` addresses are kept, a full budget is not kept at all, and the
 * least recently failing address is forgotten first.
 */
export class FailureThrottle {
  readonly burst: number
  readonly refillMs: number
  readonly #maxClients: number
  readonly #now: () => number
  /** In order of last failure (oldest first): a Map keeps insertion order. */
  readonly #budgets = new Map<string, Budget>()

  constructor(options: FailureThrottleOptions = {}) {
    this.burst = options.burst ?? 10
    this.refillMs = options.refillMs ?? 3000
    this.#maxClients = options.maxClients ?? 10_000
    this.#now = options.now ?? (() => performance.now())
  }

  /** How many addresses are remembered (for tests of the bound). */
  get size(): number {
    return this.#budgets.size
  }

  #left(budget: Budget, now: number): number {
    return Math.min(this.burst, budget.left + (now - budget.at) / this.refillMs)
  }

  /** Seconds the client must wait before its next attempt, or undefined when it may try now. */
  retryAfter(client: string): number | undefined {
    const budget = this.#budgets.get(client)
    if (budget === undefined) return undefined
    const left = this.#left(budget, this.#now())
    if (left >= 1) return undefined
    return Math.max(1, Math.ceil(((1 - left) * this.refillMs) / 1000))
  }

  /** Spends one attempt of the client's budget. */
  fail(client: string): void {
    const now = this.#now()
    const budget = this.#budgets.get(client)
    const left = budget === undefined ? this.burst : this.#left(budget, now)
    this.#budgets.delete(client)
    this.#budgets.set(client, { left: left - 1, at: now })
    this.#forget(now)
  }

  /** Drops refilled budgets from the oldest end, then the oldest ones while over the bound. */
  #forget(now: number): void {
    for (const [client, budget] of this.#budgets) {
      if (this.#budgets.size <= this.#maxClients && this.#left(budget, now) < this.burst) break
      this.#budgets.delete(client)
    }
  }
}
