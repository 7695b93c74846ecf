import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { acceptExtensionPost } from '../../../../../src/server/kit/http/extension-method.js'
import { listenOnLoopback } from '../../../../support/listen-on-loopback.js'

export const ns11 = 'http://schemas.xmlsoap.org/soap/envelope/'
export const ns12 = 'http://www.w3.org/2003/05/soap-envelope'

export interface Recorded {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

export type Reply = (request: Recorded, response: ServerResponse) => void

export interface RecordingServer {
  url: string
  received: Recorded[]
  /** What the next requests get (default: an EchoResponse envelope in the request's version). */
  reply: Reply
  close(): Promise<void>
}

/** A response envelope in the version the request used, around `inner` (Body content). */
export function envelopeFor(request: Recorded, inner: string): string {
  const namespace = request.body.includes(ns12) ? ns12 : ns11
  return `<?xml version="1.0" encoding="utf-8"?><s:Envelope xmlns:s="${namespace}"><s:Body>${inner}</s:Body></s:Envelope>`
}

export function answer(response: ServerResponse, status: number, contentType: string, body: string): void {
  response.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) })
  response.end(body)
}

export const echoReply: Reply = (request, response) => {
  const type = request.body.includes(ns12) ? 'application/soap+xml; charset=utf-8' : 'text/xml; charset=utf-8'
  answer(
    response,
    200,
    type,
    envelopeFor(request, '<r:EchoResponse xmlns:r="urn:test"><r:ok>true</r:ok></r:EchoResponse>'),
  )
}

/**
 * A purpose-built SOAP endpoint on 127.0.0.1 (port 0) that records every
 * request exactly as it arrived, M-POST included (Node's parser alone
 * refuses that method), and answers as `reply` says.
 */
export async function startRecordingServer(reply: Reply = echoReply): Promise<RecordingServer> {
  const received: Recorded[] = []
  const state = { reply }
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const recorded: Recorded = {
        method: request.headers['x-apictl-extension-method'] === 'M-POST' ? 'M-POST' : (request.method ?? ''),
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      received.push(recorded)
      state.reply(recorded, response)
    })
  })
  acceptExtensionPost(server)
  const { url, close } = await listenOnLoopback(server)
  return {
    url,
    received,
    get reply() {
      return state.reply
    },
    set reply(next: Reply) {
      state.reply = next
    },
    close,
  }
}
