import type { Context } from '../core/context.js'
import { openTarget } from '../exchange/open-target.js'
import type { Target } from '../exchange/target.js'

/**
 * One profile's target for the whole session: the embedded server (profile
 * `local`) starts once here, not per request; the GraphQL schema and the
 * WSDL description are read once and kept until the profile changes.
 */
export class Connection {
  private readonly loads = new Map<string, Promise<unknown>>()

  private constructor(readonly target: Target) {}

  static async open(profileName: string | undefined, ctx: Context, announce: boolean): Promise<Connection> {
    return new Connection(await openTarget({ profileName, send: true, announce }, ctx))
  }

  /** Loads something once (a failed load is tried again next time). */
  once<T>(key: string, load: () => Promise<T>): Promise<T> {
    let pending = this.loads.get(key) as Promise<T> | undefined
    if (pending === undefined) {
      pending = load()
      this.loads.set(key, pending)
      pending.catch(() => this.loads.delete(key))
    }
    return pending
  }

  /** Drops what `once` kept under a key (`.schema refresh`). */
  forget(key: string): void {
    this.loads.delete(key)
  }

  close(): Promise<void> {
    return this.target.close()
  }
}
