import { type Agent, type IncomingHttpHeaders, request } from 'node:http'

export interface RawAnswer {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

export interface RawOptions {
  method?: string
  headers?: Record<string, string>
  body?: string | Buffer
  /** The source address (127.0.0.2 is another client on loopback). */
  localAddress?: string
  agent?: Agent | false
}

/** One request with exactly these headers (Host included: fetch will not send a foreign one). */
export function rawRequest(url: string, options: RawOptions = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        localAddress: options.localAddress,
        agent: options.agent ?? false,
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        )
        response.on('error', reject)
      },
    )
    outgoing.on('error', reject)
    outgoing.end(options.body)
  })
}
