import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { ApolloServer, HeaderMap } from '@apollo/server'
import { useServer } from 'graphql-ws/use/ws'
import { WebSocketServer } from 'ws'
import { createLibrary, type Library } from './library-schema.js'

export interface RecordedRequest {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

export interface RecordedConnection {
  headers: IncomingMessage['headers']
  connectionParams: Record<string, unknown> | undefined
  subscriptions: number
}

export interface StockApolloServer {
  url: string
  /** Every HTTP request, in order. */
  requests: RecordedRequest[]
  /** Every graphql-ws connection, in order. */
  connections: RecordedConnection[]
  /** HTTP requests other than introspection: the operations the server was asked to run. */
  operations(): RecordedRequest[]
  library: Library
  close(): Promise<void>
}

/**
 * A stock Apollo Server (@apollo/server, default settings, CSRF prevention
 * on) at /graphql on node:http, plus graphql-ws subscriptions on the same
 * path, recording every request so tests can count what was sent.
 */
export async function startStockApolloServer(): Promise<StockApolloServer> {
  const library = createLibrary()
  const apollo = new ApolloServer({ schema: library.schema })
  await apollo.start()
  const requests: RecordedRequest[] = []
  const connections: RecordedConnection[] = []
  const sockets = new Set<Socket>()
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', async () => {
      const text = Buffer.concat(chunks).toString('utf8')
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: text,
      })
      const url = new URL(request.url ?? '/', 'http://localhost')
      if (url.pathname !== '/graphql') {
        response.writeHead(404).end()
        return
      }
      const headers = new HeaderMap()
      for (const [name, value] of Object.entries(request.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value)
      }
      let body: unknown = text
      try {
        body = text === '' ? undefined : JSON.parse(text)
      } catch {
        body = text
      }
      const result = await apollo.executeHTTPGraphQLRequest({
        httpGraphQLRequest: { method: request.method ?? 'GET', headers, search: url.search, body },
        context: async () => ({}),
      })
      for (const [name, value] of result.headers) response.setHeader(name, value)
      response.statusCode = result.status ?? 200
      if (result.body.kind === 'complete') response.end(result.body.string)
      else {
        for await (const chunk of result.body.asyncIterator) response.write(chunk)
        response.end()
      }
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  const webSockets = new WebSocketServer({ server, path: '/graphql' })
  const wsServer = useServer(
    {
      schema: library.schema,
      onConnect: (ctx) => {
        connections.push({
          headers: ctx.extra.request.headers,
          connectionParams: ctx.connectionParams,
          subscriptions: 0,
        })
      },
      onSubscribe: () => {
        const last = connections.at(-1)
        if (last) last.subscriptions++
      },
    },
    webSockets,
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    requests,
    connections,
    operations: () =>
      requests.filter(
        (request) => !/IntrospectionQuery|__schema/.test(decodeURIComponent(request.url) + request.body),
      ),
    library,
    close: async () => {
      await wsServer.dispose()
      await apollo.stop()
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
