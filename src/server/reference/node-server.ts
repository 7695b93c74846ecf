import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import { ApictlError } from '../../core/errors.js'
import { ExitCode } from '../../core/exit-codes.js'
import { acceptExtensionPost } from '../kit/http/extension-method.js'
import { bodyLimit } from '../kit/http/read-body.js'
import { logRequest } from '../kit/http/request-log.js'
import { sendProblem } from '../kit/http/respond.js'
import { logUpgrade } from '../kit/http/upgrade-log.js'
import { mountMatches } from '../kit/mount.js'
import type { LazyMount } from './lazy-mount.js'

/** How long close() lets in-flight requests finish before cutting their connections. */
const closeGraceMs = 300

export interface NodeServerOptions {
  /** Let the process exit while the server is idle (see ServerOptions.unref). */
  unref?: boolean
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

/**
 * The one node:http server: requests go to `route` (through the request log
 * when there is one), `Expect: 100-continue` bodies over the limit are refused
 * before they are sent, and upgrades go to the mount whose path they name
 * (logged too: the handshake's answer and the connection's close).
 */
export function createNodeServer(
  route: (request: IncomingMessage, response: ServerResponse) => void,
  mounts: readonly LazyMount[],
  log: ((line: string) => void) | undefined,
  options: NodeServerOptions = {},
): NodeServer {
  const logged =
    log === undefined
      ? route
      : (request: IncomingMessage, response: ServerResponse) => {
          logRequest(request, response, log)
          route(request, response)
        }
  const onRequest = options.unref ? holdingWhileAnswering(logged) : logged
  const server = createServer(onRequest)
  if (options.unref) {
    server.unref()
    server.on('connection', (socket: Partial<Socket>) => socket.unref?.())
  }
  acceptExtensionPost(server)
  server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => {
    if (Number(request.headers['content-length'] ?? 0) <= bodyLimit) {
      response.writeContinue()
      onRequest(request, response)
      return
    }
    if (log !== undefined) logRequest(request, response, log)
    sendProblem(response, 413, `the request body is larger than ${bodyLimit} bytes`, { Connection: 'close' })
  })
  const upgraded = new Set<Duplex>()
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (log !== undefined) logUpgrade(request, socket, log)
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
