import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { printableTarget } from './request-log.js'

const statusLine = /^HTTP\/1\.[01] (\d{3})/

function statusOf(chunk: unknown): number | undefined {
  const text =
    typeof chunk === 'string'
      ? chunk
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk).toString('latin1')
        : ''
  const match = statusLine.exec(text)
  return match === null ? undefined : Number(match[1])
}

/**
 * The request log for an upgrade (graphql-ws's WebSocket): one line when the
 * handshake is answered, `GET /graphql 101 1.2ms (websocket)` (or the
 * refusal's status), and one when an accepted connection closes,
 * `GET /graphql websocket closed after 5.31s`. Whoever answers the handshake
 * writes the raw status line to the socket (ws, or a 404 written by hand),
 * so the first write is read for its status, then the socket is left alone.
 */
export function logUpgrade(request: IncomingMessage, socket: Duplex, log: (line: string) => void): void {
  const started = performance.now()
  const what = `${request.method} ${printableTarget(request.url ?? '')}`
  const protocol = printableTarget(String(request.headers.upgrade ?? 'upgrade').toLowerCase()).slice(0, 40)
  const write = socket.write
  const end = socket.end
  let status: number | undefined
  const restore = () => {
    socket.write = write
    socket.end = end
  }
  const notice = (chunk: unknown) => {
    if (status !== undefined) return
    status = statusOf(chunk) ?? 0
    restore()
    const elapsed = (performance.now() - started).toFixed(1)
    log(`${what} ${status || '-'} ${elapsed}ms (${protocol}${status === 101 ? '' : ' refused'})`)
  }
  socket.write = function (this: Duplex, chunk: unknown, ...rest: unknown[]) {
    notice(chunk)
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest)
  } as Duplex['write']
  socket.end = function (this: Duplex, ...args: unknown[]) {
    if (typeof args[0] !== 'function') notice(args[0])
    return (end as (...args: unknown[]) => Duplex).apply(this, args)
  } as Duplex['end']
  socket.once('close', () => {
    const elapsed = performance.now() - started
    if (status === undefined) {
      restore()
      log(`${what} - ${elapsed.toFixed(1)}ms (${protocol}, aborted)`)
    } else if (status === 101) {
      log(`${what} ${protocol} closed after ${(elapsed / 1000).toFixed(2)}s`)
    }
  })
}
