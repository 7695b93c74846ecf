import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { listenOnLoopback } from './listen-on-loopback.js'

export interface Received {
  method: string
  url: string
  headers: IncomingMessage['headers']
  /** Name, value, name, value, ... as sent: a repeated header shows once per line. */
  rawHeaders: string[]
  body: string
}

export interface TestServer {
  url: string
  received: Received[]
  close(): Promise<void>
}

export type Handler = (request: Received, response: ServerResponse, index: number) => void

/**
 * A purpose-built server on 127.0.0.1 (ephemeral port) that records every
 * request it receives, so tests assert on what the CLI really sent.
 */
export async function startTestServer(handler: Handler): Promise<TestServer> {
  const received: Received[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const entry = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        rawHeaders: request.rawHeaders,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      received.push(entry)
      handler(entry, response, received.length - 1)
    })
  })
  const { url, close } = await listenOnLoopback(server)
  return { url, received, close }
}

export function json(
  response: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  const body = JSON.stringify(value)
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    ...headers,
  })
  response.end(body)
}
