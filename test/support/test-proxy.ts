import { createServer, request as httpRequest, type IncomingMessage } from 'node:http'
import { type AddressInfo, connect, type Socket } from 'node:net'

/** What the proxy was asked: a CONNECT tunnel (`host:port`) or a forwarded request (absolute URL). */
export interface ProxiedRequest {
  method: string
  /** CONNECT's `host:port`, or the absolute URL of a forwarded request. */
  target: string
  proxyAuthorization: string | undefined
}

export interface TestProxy {
  url: string
  received: ProxiedRequest[]
  close(): Promise<void>
}

export interface TestProxyOptions {
  /** Names the proxy resolves itself (`api.test` → `127.0.0.1:PORT`): the client never does. */
  hosts?: Record<string, string>
  /** `USER:PASS` the proxy wants; anything else is answered 407. */
  credentials?: string
}

/**
 * A small HTTP proxy on 127.0.0.1 that does what corporate ones do: CONNECT
 * tunnels (for https) and forwarding of absolute-form requests (for plain
 * http), each recorded. Host names it is given resolve only here, so a
 * request that reached the server by one of them went through the proxy.
 */
export async function startTestProxy(options: TestProxyOptions = {}): Promise<TestProxy> {
  const received: ProxiedRequest[] = []
  const sockets = new Set<Socket>()
  const resolve = (host: string, port: string) => {
    const mapped = options.hosts?.[host] ?? options.hosts?.[`${host}:${port}`]
    if (mapped === undefined) return { host, port: Number(port) }
    const [mappedHost = '127.0.0.1', mappedPort = port] = mapped.split(':')
    return { host: mappedHost, port: Number(mappedPort) }
  }
  const allowed = (request: IncomingMessage) => {
    const given = request.headers['proxy-authorization']
    received.push({
      method: request.method ?? '',
      target: request.url ?? '',
      proxyAuthorization: given,
    })
    if (options.credentials === undefined) return true
    return given === `Basic ${Buffer.from(options.credentials).toString('base64')}`
  }
  const server = createServer((request, response) => {
    if (!allowed(request)) {
      response.writeHead(407, { 'proxy-authenticate': 'Basic realm="test"', 'content-length': '0' })
      response.end()
      return
    }
    const url = new URL(request.url ?? '')
    const to = resolve(url.hostname, url.port || '80')
    const headers = { ...request.headers }
    delete headers['proxy-authorization']
    const upstream = httpRequest(
      {
        host: to.host,
        port: to.port,
        method: request.method,
        path: url.pathname + url.search,
        headers,
        // No keep-alive upstream: closing the proxy leaves no connection open to the server.
        agent: false,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(response)
      },
    )
    upstream.on('error', () => {
      response.writeHead(502)
      response.end()
    })
    request.pipe(upstream)
  })
  server.on('connect', (request: IncomingMessage, client: Socket, head: Buffer) => {
    if (!allowed(request)) {
      client.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\n\r\n',
      )
      return
    }
    const [host = '', port = '443'] = (request.url ?? '').split(/:(?=\d+$)/)
    const to = resolve(host, port)
    const upstream = connect(to.port, to.host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      if (head.length > 0) upstream.write(head)
      upstream.pipe(client)
      client.pipe(upstream)
    })
    sockets.add(upstream)
    upstream.on('close', () => sockets.delete(upstream))
    const end = () => {
      upstream.destroy()
      client.destroy()
    }
    upstream.on('error', end)
    client.on('error', end)
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise((done) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => done())
      }),
  }
}
