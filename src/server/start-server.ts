import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { ApictlError } from '../core/errors.js'
import { ExitCode } from '../core/exit-codes.js'
import { createRestHandler } from '../protocols/rest/server/rest-handler.js'
import { Authenticator } from './auth/authenticator.js'
import { TokenIssuer, tokenSettingsFromEnv } from './auth/token-issuer.js'
import { formatOrigin } from './http/base-url.js'
import { bodyLimit } from './http/read-body.js'
import { logRequest } from './http/request-log.js'
import { sendProblem } from './http/respond.js'
import { LazyMount } from './lazy-mount.js'
import type { MountDefinition, ServerServices } from './mount.js'
import { mountMatches } from './mount.js'
import { defaultMounts } from './mounts.js'
import { DataFile } from './persistence.js'
import { createRouter } from './request-router.js'
import { loadSeed } from './seed.js'
import { Store } from './store.js'

export interface ServerOptions {
  /** 0 (the default) picks a free port. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  /** Keep the store in this JSON file (created from the seed when missing). Default: in memory. */
  dataFile?: string
  /** Receives one line per request: `GET /v1/items 200 1.2ms`. */
  log?: (line: string) => void
  /** Where APICTL_JWT_SECRET and APICTL_TOKEN_TTL are read; default process.env. */
  env?: Record<string, string | undefined>
  /** HS256 key for bearer tokens; overrides APICTL_JWT_SECRET. */
  jwtSecret?: string
  /** Lifetime of issued tokens; overrides APICTL_TOKEN_TTL. */
  tokenTtlSeconds?: number
  /** The lazily loaded halves beside REST; default GraphQL at /graphql and SOAP at /soap. */
  mounts?: readonly MountDefinition[]
}

export interface RunningServer {
  /** `http://127.0.0.1:PORT` */
  url: string
  port: number
  host: string
  store: Store
  auth: Authenticator
  /** Stops listening, ends keep-alive and in-flight connections, waits for pending writes. */
  close(): Promise<void>
}

const closeGraceMs = 300

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      const where = `${host}:${port}`
      const reason =
        error.code === 'EADDRINUSE'
          ? `port ${port} on ${host} is already in use`
          : error.code === 'EACCES'
            ? `no permission to listen on ${where}`
            : `cannot listen on ${where}: ${error.message}`
      reject(
        new ApictlError(reason, ExitCode.Usage, {
          where,
          hint: 'pick another --port (0 picks a free one) or --host',
          cause: error,
        }),
      )
    }
    server.once('error', onError)
    server.listen(port, host, () => {
      server.off('error', onError)
      resolve()
    })
  })
}

async function openStore(options: ServerOptions): Promise<Store> {
  if (options.dataFile === undefined) return new Store(await loadSeed())
  const { file, state } = await DataFile.open(options.dataFile, loadSeed)
  return new Store(state, { sink: file })
}

/**
 * The reference server (SPEC §7): one node:http server with REST at /v1 and
 * /v2, the OAuth token endpoint, and GraphQL and SOAP mounted lazily, all
 * over one store.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1'
  const env = options.env ?? process.env
  const settings = tokenSettingsFromEnv(env)
  const tokens = new TokenIssuer({
    secret: options.jwtSecret ?? settings.secret,
    ttlSeconds: options.tokenTtlSeconds ?? settings.ttlSeconds,
  })
  const auth = new Authenticator(tokens)
  const store = await openStore(options)
  const { log } = options
  let origin = formatOrigin(host, options.port ?? 0)
  const services: ServerServices = { store, auth, origin: () => origin, log }
  const mounts = (options.mounts ?? defaultMounts).map((definition) => new LazyMount(definition, services))
  const route = createRouter({ rest: createRestHandler(services), tokens, mounts, log })
  const onRequest =
    log === undefined
      ? route
      : (request: IncomingMessage, response: ServerResponse) => {
          logRequest(request, response, log)
          route(request, response)
        }
  const server = createServer(onRequest)
  server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => {
    if (Number(request.headers['content-length'] ?? 0) > bodyLimit) {
      if (log !== undefined) logRequest(request, response, log)
      sendProblem(response, 413, `the request body is larger than ${bodyLimit} bytes`, {
        connection: 'close',
      })
      return
    }
    response.writeContinue()
    onRequest(request, response)
  })
  const upgraded = new Set<Duplex>()
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    upgraded.add(socket)
    socket.once('close', () => upgraded.delete(socket))
    const path = (request.url ?? '/').split('?')[0]!
    const mount = mounts.find((candidate) => mountMatches(candidate.definition, path))
    if (mount === undefined)
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
    else void mount.upgrade(request, socket, head)
  })
  await listen(server, options.port ?? 0, host)
  const address = server.address()
  const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? 0)
  origin = formatOrigin(host, port)

  let closing: Promise<void> | undefined
  const close = () => {
    closing ??= (async () => {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeIdleConnections()
      const force = setTimeout(() => server.closeAllConnections(), closeGraceMs)
      for (const socket of upgraded) socket.destroy()
      await stopped
      clearTimeout(force)
      await Promise.all(mounts.map((mount) => mount.close()))
      await store.flushed()
    })()
    return closing
  }
  return { url: origin, port, host, store, auth, close }
}
