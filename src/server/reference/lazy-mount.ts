import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { sendProblem } from '../kit/http/respond.js'
import type { Mount, MountDefinition, ServerServices } from '../kit/mount.js'

/**
 * A mount that is built on first use: the first request (or upgrade) starts
 * `definition.load`, concurrent ones wait for the same load, later ones go
 * straight to the mount. A failed load answers 500 and is retried next time.
 */
export class LazyMount {
  readonly definition: MountDefinition
  readonly #services: ServerServices
  #loading: Promise<Mount> | undefined
  #mount: Mount | undefined

  constructor(definition: MountDefinition, services: ServerServices) {
    this.definition = definition
    this.#services = services
  }

  get loaded(): boolean {
    return this.#mount !== undefined
  }

  #load(): Promise<Mount> {
    this.#loading ??= this.definition.load(this.#services).then(
      (mount) => {
        this.#mount = mount
        return mount
      },
      (error: unknown) => {
        this.#loading = undefined
        throw error
      },
    )
    return this.#loading
  }

  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let mount = this.#mount
    if (mount === undefined) {
      try {
        mount = await this.#load()
      } catch (error) {
        this.#services.log?.(`${this.definition.name} failed to load: ${(error as Error).message}`)
        sendProblem(
          response,
          500,
          `${this.definition.name} failed to load on this server: ${(error as Error).message}`,
        )
        return
      }
    }
    await mount.handle(request, response)
  }

  async upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const mount = await this.#load().catch(() => undefined)
    if (mount?.upgrade === undefined) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
      return
    }
    mount.upgrade(request, socket, head)
  }

  async close(): Promise<void> {
    await this.#mount?.close?.()
  }
}
