import type { HttpResponse } from '../../../core/exchange.js'
import { FetchHeaders } from './fetch-headers.js'

export interface FetchResponseInit {
  status: number
  statusText?: string
  headers?: FetchHeaders
}

/**
 * The part of the Fetch API's `Response` graphql-request reads (status, ok, headers, text,
 * json), over a body the transport has already received in full: the global `Response` would
 * load Node's fetch implementation (undici, ~17 ms of start-up on Node 20). As with fetch, the
 * body can be read once.
 */
export class FetchResponse {
  readonly status: number
  readonly statusText: string
  readonly headers: FetchHeaders
  readonly ok: boolean
  readonly redirected = false
  readonly type = 'basic'
  readonly url: string
  #body: Uint8Array | null
  #used = false

  constructor(body: Uint8Array | null, init: FetchResponseInit, url = '') {
    if (!Number.isInteger(init.status) || init.status < 200 || init.status > 599) {
      throw new RangeError(`Response: status ${init.status} is outside 200-599`)
    }
    this.status = init.status
    this.statusText = init.statusText ?? ''
    this.headers = init.headers ?? new FetchHeaders()
    this.ok = init.status >= 200 && init.status <= 299
    this.url = url
    this.#body = body
  }

  get bodyUsed(): boolean {
    return this.#used
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = this.#take()
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer
  }

  async text(): Promise<string> {
    return new TextDecoder().decode(this.#take())
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text())
  }

  #take(): Uint8Array {
    if (this.#used) throw new TypeError('Response: the body has already been read')
    this.#used = true
    return this.#body ?? new Uint8Array(0)
  }
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304])

/** The transport's response as a fetch `Response` for graphql-request (status kept in fetch's 200–599 range). */
export function fetchResponseOf(response: HttpResponse): FetchResponse {
  const headers = new FetchHeaders()
  for (const [name, value] of Object.entries(response.headers)) {
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one)
  }
  const status = response.status >= 200 && response.status <= 599 ? response.status : 502
  // A view of the received bytes, not a copy.
  const bytes = response.body
  const body = NULL_BODY_STATUSES.has(status)
    ? null
    : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length)
  return new FetchResponse(
    body,
    { status, statusText: safeReason(response.statusText), headers },
    response.url,
  )
}

function safeReason(text: string): string {
  return /^[\t\x20-\x7e\x80-\xff]*$/.test(text) ? text : ''
}
