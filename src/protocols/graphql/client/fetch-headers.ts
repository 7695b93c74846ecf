/** What a `FetchHeaders` can be made from: a record, or name/value pairs (a Headers object is one). */
export type FetchHeadersInit =
  | Record<string, string | readonly string[] | undefined>
  | Iterable<readonly [string, string]>

/**
 * The part of the Fetch API's `Headers` that graphql-request and apictl's fetch over the
 * shared transport use, without loading Node's fetch implementation (undici): touching the
 * global `Headers` costs ~17 ms of start-up on Node 20. Same behaviour for what it has: names
 * are case-insensitive and listed lower-cased in sorted order, values are trimmed, `append`
 * joins with ", " (Set-Cookie values stay apart), and invalid names or values are a TypeError.
 * The bundles give graphql-request this class in place of the global (scripts/build.mjs,
 * fetchHeadersForGraphqlRequest).
 */
export class FetchHeaders implements Iterable<[string, string]> {
  readonly #values = new Map<string, string>()
  /** Set-Cookie values one by one (the spec never joins them). */
  #cookies: string[] = []

  constructor(init?: FetchHeadersInit | null) {
    if (init === undefined || init === null) return
    if (Symbol.iterator in init) {
      for (const pair of init as Iterable<readonly [string, string]>) {
        if (pair.length !== 2) throw new TypeError('Headers: each pair needs a name and a value')
        this.append(pair[0], pair[1])
      }
    } else {
      for (const [name, value] of Object.entries(init as Record<string, unknown>)) {
        if (value === undefined) continue
        for (const one of Array.isArray(value) ? value : [value]) this.append(name, String(one))
      }
    }
  }

  append(name: string, value: string): void {
    const key = checkedName(name)
    const text = checkedValue(value)
    const existing = this.#values.get(key)
    this.#values.set(key, existing === undefined ? text : `${existing}, ${text}`)
    if (key === 'set-cookie') this.#cookies.push(text)
  }

  set(name: string, value: string): void {
    const key = checkedName(name)
    const text = checkedValue(value)
    this.#values.set(key, text)
    if (key === 'set-cookie') this.#cookies = [text]
  }

  get(name: string): string | null {
    return this.#values.get(checkedName(name)) ?? null
  }

  has(name: string): boolean {
    return this.#values.has(checkedName(name))
  }

  delete(name: string): void {
    const key = checkedName(name)
    this.#values.delete(key)
    if (key === 'set-cookie') this.#cookies = []
  }

  getSetCookie(): string[] {
    return [...this.#cookies]
  }

  forEach(callback: (value: string, name: string, headers: FetchHeaders) => void, thisArg?: unknown): void {
    for (const [name, value] of this) callback.call(thisArg, value, name, this)
  }

  *entries(): IterableIterator<[string, string]> {
    for (const name of [...this.#values.keys()].sort()) {
      if (name === 'set-cookie') for (const cookie of this.#cookies) yield [name, cookie]
      else yield [name, this.#values.get(name)!]
    }
  }

  *keys(): IterableIterator<string> {
    for (const [name] of this.entries()) yield name
  }

  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries()
  }

  get [Symbol.toStringTag](): string {
    return 'Headers'
  }
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/

function checkedName(name: string): string {
  const text = String(name)
  if (!TOKEN.test(text)) throw new TypeError(`Headers: "${text}" is not a valid header name`)
  return text.toLowerCase()
}

function checkedValue(value: string): string {
  const text = String(value).replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '')
  if (/[\0\r\n]/.test(text))
    throw new TypeError(`Headers: the value of a header cannot contain NUL, CR or LF`)
  return text
}
