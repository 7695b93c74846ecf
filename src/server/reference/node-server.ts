import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import { ApictlError } from '../../core/errors.js'
import { ExitCode } from '../../core/exit-codes.js'
import { acceptExtensionPost } from '../kit/http/extension-method.js'
import { bodyLimit, defaultBodyIdleTimeoutMs, setBodyIdleTimeout } from '../kit/http/read-body.js'
import type { Refusal, RequestGuard } from '../kit/http/request-guard.js'
import { logRequest } from '../kit/http/request-log.js'
import { problemType, sendProblem } from '../kit/http/respond.js'
import { logUpgrade } from '../kit/http/upgrade-log.js'
import { mountMatches } from '../kit/mount.js'
import type { LazyMount } from './lazy-mount.js'

/** How long close() lets in-flight requests finish before cutting their connections. */
const closeGraceMs = 300

/** Time limits on what clients send (a half-sent request is dropped within seconds). */
export interface ServerLimits {
  /** The whole request head must arrive within this (node:http headersTimeout). Default 10 s. */
  headersTimeoutMs: number
  /** The whole request, body included, must arrive within this (node:http requestTimeout). Default 60 s. */
  requestTimeoutMs: number
  /** A body that stops arriving for this long is answered 408 and dropped. Default 10 s. */
  bodyIdleTimeoutMs: number
  /** An idle keep-alive connection is closed after this. Default 5 s. */
  keepAliveTimeoutMs: number
}

export const defaultServerLimits: ServerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 60_000,
  bodyIdleTimeoutMs: defaultBodyIdleTimeoutMs,
  keepAliveTimeoutMs: 5_000,
}

export interface NodeServerOptions {
  /** Let the process exit while the server is idle (see ServerOptions.unref). */
  unref?: boolean
  /** Host and Origin checks made before routing; none when absent. */
  guard?: RequestGuard
  limits?: Partial<ServerLimits>
}

export interface NodeServer {
  server: Server
  listen(port: number, host: string): Promise<number>
  /** Stops listening, ends idle keep-alive connections at once and busy ones after a short grace. */
  stop(): Promise<void>
}

function listenError(error: NodeJS.ErrnoException, port: number, host: string): ApictlError {
  const where = `${host}:${port}`
  const reason =
    error.code === 'EADDRINUSE'
      ? `port ${port} on ${host} is already in use`
      : error.code === 'EACCES'
        ? `no permission to listen on ${where}`
        : `cannot listen on ${where}: ${error.message}`
  return new ApictlError(reason, ExitCode.Usage, {
    where,
    hint: 'pick another --port (0 picks a free one) or --host',
    cause: error,
  })
}

/** Answers a refused upgrade on the raw socket: status, problem+json, connection closed. */
function refuseUpgrade(socket: Duplex, refusal: Refusal): void {
  const title = refusal.status === 421 ? 'Misdirected Request' : 'Forbidden'
  const body = JSON.stringify({ type: 'about:blank', title, status: refusal.status, detail: refusal.detail })
  socket.end(
    `HTTP/1.1 ${refusal.status} ${title}\r\nContent-Type: ${problemType}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
}

/**
 * The one node:http server: requests go to `route` (through the request log
 * when there is one) once the guard lets them through, `Expect: 100-continue`
 * bodies over the limit are refused before they are sent, and upgrades go to
 * the mount whose path they name (logged too: the handshake's answer and the
 * connection's close). Heads, bodies and idle connections have time limits.
 */
export function createNodeServer(
  route: (request: IncomingMessage, response: ServerResponse) => void,
  mounts: readonly LazyMount[],
  log: ((line: string) => void) | undefined,
  options: NodeServerOptions = {},
): NodeServer {
  const { guard } = options
  const limits = { ...defaultServerLimits, ...options.limits }
  const guarded =
    guard === undefined
      ? route
      : (request: IncomingMessage, response: ServerResponse) => {
          const refusal = guard.check(request)
          if (refusal === undefined) route(request, response)
          else sendProblem(response, refusal.status, refusal.detail, { Connection: 'close' })
        }
  const logged =
    log === undefined
      ? guarded
      : (request: IncomingMessage, response: ServerResponse) => {
          logRequest(request, response, log)
          guarded(request, response)
        }
  const onRequest = options.unref ? holdingWhileAnswering(logged) : logged
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // How often node:http looks for requests past those limits (its default, 30 s, would add up to 30 s).
      connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
    },
    onRequest,
  )
  setBodyIdleTimeout(server, limits.bodyIdleTimeoutMs)
  if (options.unref) {
    server.unref()
    server.on('connection', (socket: Partial<Socket>) => socket.unref?.())
  }
  acceptExtensionPost(server)
  server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => {
    const refused = guard?.check(request) !== undefined
    if (refused || Number(request.headers['content-length'] ?? 0) <= bodyLimit) {
      // A request the guard refuses is answered (by onRequest) without asking for its body.
      if (!refused) response.writeContinue()
      onRequest(request, response)
      return
    }
    if (log !== undefined) logRequest(request, response, log)
    sendProblem(response, 413, `the request body is larger than ${bodyLimit} bytes`, { Connection: 'close' })
  })
  const upgraded = new Set<Duplex>()
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (log !== undefined) logUpgrade(request, socket, log)
    const refusal = guard?.checkUpgrade(request)
    if (refusal !== undefined) {
      refuseUpgrade(socket, refusal)
      return
    }
    upgraded.add(socket)
    socket.once('close', () => upgraded.delete(socket))
    const path = (request.url ?? '/').split('?')[0]!
    const mount = mounts.find((candidate) => mountMatches(candidate.definition, path))
    if (mount !== undefined) void mount.upgrade(request, socket, head)
    else socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
  })
  return {
    server,
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        const onError = (error: NodeJS.ErrnoException) => reject(listenError(error, port, host))
        server.once('error', onError)
        server.listen(port, host, () => {
          server.off('error', onError)
          const address = server.address()
          resolve(typeof address === 'object' && address !== null ? address.port : port)
        })
      }),
    stop: async () => {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeIdleConnections()
      const force = setTimeout(() => server.closeAllConnections(), closeGraceMs)
      for (const socket of upgraded) socket.destroy()
      await stopped
      clearTimeout(force)
    },
  }
}

/**
 * For an unref'd server: a connection keeps the process alive only while
 * one of its requests is being answered (pipelined requests counted), so a
 * request in flight always completes and an idle keep-alive connection
 * never holds the process open.
 */
function holdingWhileAnswering(
  handle: (request: IncomingMessage, response: ServerResponse) => void,
): (request: IncomingMessage, response: ServerResponse) => void {
  const busy = new WeakMap<Partial<Socket>, number>()
  return (request, response) => {
    const socket: Partial<Socket> = request.socket
    busy.set(socket, (busy.get(socket) ?? 0) + 1)
    socket.ref?.()
    let done = false
    const release = () => {
      if (done) return
      done = true
      const left = (busy.get(socket) ?? 1) - 1
      busy.set(socket, left)
      if (left === 0) socket.unref?.()
    }
    response.once('finish', release)
    response.once('close', release)
    handle(request, response)
  }
}
