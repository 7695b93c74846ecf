import type { AddressInfo, Server, Socket } from 'node:net'

export interface Listening {
  /** `http://127.0.0.1:PORT` (https for a TLS server). */
  url: string
  /** Closes every open connection, then the server. */
  close(): Promise<void>
}

/**
 * Starts a test server on 127.0.0.1 (an ephemeral port), keeping its
 * connections so close() ends them at once (a kept-alive client never holds
 * a test up). For node:http, node:https and node:http2 servers alike.
 */
export async function listenOnLoopback(
  server: Server,
  scheme: 'http' | 'https' = 'http',
): Promise<Listening> {
  const sockets = new Set<Socket>()
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `${scheme}://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
