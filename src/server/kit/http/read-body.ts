import type { IncomingMessage } from 'node:http'
import { HttpError } from './http-error.js'

/** The largest request body the server accepts (SPEC §7: 413 above it). */
export const bodyLimit = 1024 * 1024
/** How much of a refused body is read and thrown away to keep the connection usable. */
const discardLimit = 16 * 1024 * 1024
/** How long a body may stop arriving before the request is dropped (a half-sent body holds nothing for long). */
export const defaultBodyIdleTimeoutMs = 10_000

const idleTimeouts = new WeakMap<object, number>()

/** Sets the body idle timeout of the requests a server receives (the default is defaultBodyIdleTimeoutMs). */
export function setBodyIdleTimeout(server: object, milliseconds: number): void {
  idleTimeouts.set(server, milliseconds)
}

/** The idle timeout of the server the request came to (net sockets, and the M-POST replay socket, name their server). */
function idleTimeoutOf(request: IncomingMessage): number {
  const server = (request.socket as { server?: object } | null)?.server
  return (server === undefined ? undefined : idleTimeouts.get(server)) ?? defaultBodyIdleTimeoutMs
}

/** Calls `onIdle` once no data has arrived for the request's idle timeout; returns the timer to refresh and clear. */
function idleTimer(request: IncomingMessage, onIdle: (seconds: number) => void): NodeJS.Timeout {
  const milliseconds = idleTimeoutOf(request)
  const timer = setTimeout(() => onIdle(milliseconds / 1000), milliseconds)
  timer.unref()
  return timer
}

function tooLarge(limit: number, closing: boolean): HttpError {
  return new HttpError(413, `the request body is larger than ${limit} bytes`, {
    headers: closing ? { Connection: 'close' } : {},
  })
}

/**
 * Reads and throws away the rest of a refused body, so the client can finish
 * sending and read the answer; past `discardLimit` the connection is cut.
 */
function discard(request: IncomingMessage): void {
  let discarded = 0
  const timer = idleTimer(request, () => request.destroy())
  request.on('data', (chunk: Buffer) => {
    timer.refresh()
    discarded += chunk.length
    if (discarded > discardLimit) request.destroy()
  })
  request.on('close', () => clearTimeout(timer))
  request.on('error', () => undefined)
  request.resume()
}

/**
 * The whole request body, refused with 413 as soon as it passes `limit`:
 * by Content-Length up front, and while streaming for chunked bodies. A body
 * that stops arriving for the idle timeout is answered 408 and the
 * connection closed (node:http's requestTimeout bounds the whole request).
 */
export function readBody(request: IncomingMessage, limit = bodyLimit): Promise<Buffer> {
  const declared = Number(request.headers['content-length'] ?? 0)
  if (declared > limit) {
    const closing = declared > discardLimit
    if (!closing) discard(request)
    return Promise.reject(tooLarge(limit, closing))
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const timer = idleTimer(request, (seconds) => {
      cleanup()
      request.on('error', () => undefined)
      reject(
        new HttpError(408, `the request body stopped arriving: nothing came for ${seconds} s`, {
          headers: { Connection: 'close' },
        }),
      )
    })
    const cleanup = () => {
      clearTimeout(timer)
      request.off('data', onData)
      request.off('end', onEnd)
      request.off('error', onError)
      request.off('close', onClose)
    }
    const onData = (chunk: Buffer) => {
      timer.refresh()
      size += chunk.length
      if (size <= limit) {
        chunks.push(chunk)
        return
      }
      cleanup()
      discard(request)
      reject(tooLarge(limit, false))
    }
    const onEnd = () => {
      cleanup()
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size))
    }
    const onError = () => {
      cleanup()
      reject(new HttpError(400, 'the request body could not be read (the client went away?)'))
    }
    const onClose = () => {
      if (!request.complete) onError()
    }
    request.on('data', onData)
    request.on('end', onEnd)
    request.on('error', onError)
    request.on('close', onClose)
  })
}
