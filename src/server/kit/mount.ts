import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import type { Authenticator } from './auth/authenticator.js'
import type { Store } from './store.js'

/** What the server hands each protocol half when it mounts it. */
export interface ServerServices {
  store: Store
  auth: Authenticator
  /** The server's own origin, e.g. `http://127.0.0.1:4000` (for addresses in a WSDL). */
  origin(): string
  /** Where failures go (a 500's cause, a load error); undefined when nobody listens. */
  log?: ((line: string) => void) | undefined
}

/** A protocol half mounted at a path (GraphQL at /graphql, SOAP at /soap). */
export interface Mount {
  handle(request: IncomingMessage, response: ServerResponse): void | Promise<void>
  /** A WebSocket (or other) upgrade on the mount's path, e.g. graphql-ws subscriptions. */
  upgrade?(request: IncomingMessage, socket: Duplex, head: Buffer): void
  close?(): Promise<void>
}

export interface MountDefinition {
  /** Matches this path and anything below it (`/soap`, `/soap?wsdl`, `/soap/x`). */
  path: string
  /** Shown in messages: `GraphQL`, `SOAP`. */
  name: string
  /** Builds the mount on its first request; do the heavy `import()` in here. */
  load(services: ServerServices): Promise<Mount>
}

export function mountMatches(definition: MountDefinition, path: string): boolean {
  return path === definition.path || path.startsWith(`${definition.path}/`)
}
