/**
 * In-scope namespace bindings (prefix → URI, '' for the default) as a chain
 * of links: an element that declares namespaces adds one link holding only
 * its own declarations; every other element shares its parent's scope. So
 * reading costs one small map per declaring element, never a copy of all
 * bindings in scope (a document with 20,000 declarations on its root and one
 * more on each of 10,000 children once made 200 million copies). A lookup
 * walks at most the nesting depth, which the reader bounds.
 */
export class NamespaceScope implements ReadonlyMap<string, string> {
  readonly #parent: NamespaceScope | undefined
  readonly #own: ReadonlyMap<string, string>

  constructor(own: ReadonlyMap<string, string>, parent?: NamespaceScope) {
    this.#own = own
    this.#parent = parent
  }

  get(prefix: string): string | undefined {
    for (let scope: NamespaceScope | undefined = this; scope !== undefined; scope = scope.#parent) {
      const uri = scope.#own.get(prefix)
      if (uri !== undefined) return uri
    }
    return undefined
  }

  has(prefix: string): boolean {
    return this.get(prefix) !== undefined
  }

  /** Every binding in scope, nearer declarations winning: built on demand, never while reading. */
  #flat(): Map<string, string> {
    const chain: ReadonlyMap<string, string>[] = []
    for (let scope: NamespaceScope | undefined = this; scope !== undefined; scope = scope.#parent) {
      chain.push(scope.#own)
    }
    const flat = new Map<string, string>()
    for (const own of chain.reverse()) for (const [prefix, uri] of own) flat.set(prefix, uri)
    return flat
  }

  get size(): number {
    return this.#flat().size
  }

  entries(): MapIterator<[string, string]> {
    return this.#flat().entries()
  }

  keys(): MapIterator<string> {
    return this.#flat().keys()
  }

  values(): MapIterator<string> {
    return this.#flat().values()
  }

  forEach(callback: (uri: string, prefix: string, map: ReadonlyMap<string, string>) => void): void {
    for (const [prefix, uri] of this.#flat()) callback(uri, prefix, this)
  }

  [Symbol.iterator](): MapIterator<[string, string]> {
    return this.entries()
  }
}
