import type { Server } from 'node:http'
import type { Socket } from 'node:net'
import { Duplex } from 'node:stream'

/**
 * M-POST (RFC 2774, the HTTP Extension Framework; SOAP 1.1 §6.1.1) for a
 * node:http server. Node's parser knows a fixed list of methods and refuses
 * M-POST as HPE_INVALID_METHOD before any handler runs. This hook catches
 * that parse error, and replays the connection's bytes to the same server
 * through a stand-in socket, with the request line rewritten to POST and
 * this header added, so a handler can tell: the SOAP endpoint then applies
 * the Man/Opt rules and answers with `Ext`. Nothing here loads XML.
 */
export const extensionMethodHeader = 'x-apictl-extension-method'

interface ParseError extends Error {
  code?: string
  rawPacket?: Buffer
}

const prefix = Buffer.from('M-POST ')
const marker = Buffer.from(`${extensionMethodHeader}: M-POST\r\n`)

/** A Duplex that reads what is pushed into it and writes to the real socket. */
class ReplaySocket extends Duplex {
  readonly #socket: Socket
  server: Server

  constructor(socket: Socket, server: Server) {
    super({ allowHalfOpen: true })
    this.#socket = socket
    this.server = server
    socket.on('end', () => this.push(null))
    socket.on('close', () => this.destroy())
  }

  get remoteAddress(): string | undefined {
    return this.#socket.remoteAddress
  }

  get remotePort(): number | undefined {
    return this.#socket.remotePort
  }

  get localAddress(): string | undefined {
    return this.#socket.localAddress
  }

  get localPort(): number | undefined {
    return this.#socket.localPort
  }

  /** Keeps the process alive as the real socket would (an unref'd server refs a connection while answering). */
  ref(): this {
    this.#socket.ref()
    return this
  }

  unref(): this {
    this.#socket.unref()
    return this
  }

  override _read(): void {}

  override _write(chunk: Buffer, encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.#socket.write(chunk, encoding, callback)
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.#socket.end()
    callback()
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#socket.destroy()
    callback(error)
  }
}

/** `M-POST /soap HTTP/1.1\r\n…` → `POST /soap HTTP/1.1\r\nx-apictl-extension-method: M-POST\r\n…` */
function rewrite(head: Buffer): Buffer | undefined {
  const lineEnd = head.indexOf('\n')
  if (lineEnd === -1) return undefined
  return Buffer.concat([head.subarray(2, lineEnd + 1), marker, head.subarray(lineEnd + 1)])
}

/**
 * Takes over a connection whose request Node could not parse because it is
 * an M-POST; returns false for any other parse error (the caller answers
 * those as before). Later bytes on a taken-over connection reach Node as
 * further parse errors and are passed on to the replay.
 */
export function createExtensionPostHook(server: Server): (error: ParseError, socket: Socket) => boolean {
  const replays = new WeakMap<Socket, { replay: ReplaySocket; pending: Buffer | undefined }>()
  return (error, socket) => {
    const taken = replays.get(socket)
    const packet = error.rawPacket
    if (taken !== undefined) {
      if (packet === undefined) return true
      if (taken.pending === undefined) taken.replay.push(packet)
      else {
        const head = Buffer.concat([taken.pending, packet])
        const rewritten = rewrite(head)
        taken.pending = rewritten === undefined ? head : undefined
        if (rewritten !== undefined) taken.replay.push(rewritten)
      }
      return true
    }
    if (error.code !== 'HPE_INVALID_METHOD' || packet === undefined) return false
    if (packet.length < prefix.length || !packet.subarray(0, prefix.length).equals(prefix)) return false
    const replay = new ReplaySocket(socket, server)
    const rewritten = rewrite(packet)
    replays.set(socket, { replay, pending: rewritten === undefined ? packet : undefined })
    server.emit('connection', replay)
    if (rewritten !== undefined) replay.push(rewritten)
    return true
  }
}

/** What node:http answers a client error with when nobody listens (400, 431 for headers too large, 408 for a request past its time limit). */
function clientErrorStatus(code: string | undefined): string {
  if (code === 'HPE_HEADER_OVERFLOW') return '431 Request Header Fields Too Large'
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return '408 Request Timeout'
  return '400 Bad Request'
}

/**
 * Installs the hook as the server's `clientError` listener; other parse
 * errors get what Node sends without a listener (400, 431 for headers too
 * large, 408 for a head or body that did not arrive in time) and the
 * connection is closed.
 */
export function acceptExtensionPost(server: Server): void {
  const hook = createExtensionPostHook(server)
  server.on('clientError', (error: ParseError, socket: Socket) => {
    if (hook(error, socket)) return
    // A response already under way (node:http's own check): no second status line into it.
    const answering = (socket as { _httpMessage?: { headersSent?: boolean } | null })._httpMessage
    if (socket.writable && answering?.headersSent !== true) {
      const status = clientErrorStatus(error.code)
      socket.write(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
    }
    socket.destroy()
  })
}
