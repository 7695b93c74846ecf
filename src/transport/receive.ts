import type { Agent as HttpAgent } from 'node:http'
import { Agent as HttpAgentClass } from 'node:http'
import { Agent as HttpsAgent } from 'node:https'
import { setTimeout as sleep } from 'node:timers/promises'
import got, { type OptionsInit, type Request, type Response } from 'got'
import { ResponseError } from '../core/errors.js'
import type { HttpRequest, HttpResponse } from '../core/exchange.js'
import { redactUrl } from '../core/redact-url.js'
import { isSecretHeaderName } from '../core/secret-names.js'
import { DEFAULT_MAX_SIZE, formatSize } from '../core/size.js'
import { BodyTooLarge, collectBody } from './collect-body.js'
import { retryDelay } from './retry-policy.js'
import type { TransportOptions } from './transport-options.js'

const keepAliveAgents: { http?: HttpAgent; https?: HttpsAgent } = {}

/** With --follow: at most this many redirects, then a ResponseError (a loop, most likely). */
export const MAX_REDIRECTS = 10

/**
 * One request through got as a stream, retried as --retry says: the body is
 * read as it arrives (decompressed), counted against --max-size and held in
 * memory only up to a window (collectBody). Resolves with the final answer
 * (after any redirects); throws what got/node threw, or a ResponseError for
 * a body over the limit. The observer hears each hop, retry and answer.
 */
export async function receive(
  request: HttpRequest,
  options: TransportOptions,
  signal: AbortSignal,
  deadline: number,
): Promise<HttpResponse> {
  for (let attempt = 1; ; attempt++) {
    let response: HttpResponse
    try {
      response = await receiveOnce(request, options, signal)
    } catch (error) {
      const code = (error as { code?: string }).code
      const delay =
        code === undefined || signal.aborted
          ? undefined
          : retryDelay(request.method, attempt, options, { code }, deadline - Date.now())
      if (delay === undefined) throw error
      options.observer?.retrying?.(attempt, code ?? String(error), delay)
      await sleep(delay, undefined, { signal })
      continue
    }
    const delay = retryDelay(request.method, attempt, options, { response }, deadline - Date.now())
    if (delay === undefined) {
      options.observer?.responseReceived?.(response)
      return response
    }
    options.observer?.retrying?.(attempt, `HTTP ${response.status}`, delay)
    await sleep(delay, undefined, { signal })
  }
}

async function receiveOnce(
  request: HttpRequest,
  options: TransportOptions,
  signal: AbortSignal,
): Promise<HttpResponse> {
  const stream = got.stream(request.url, { ...gotOptions(request, options, signal), isStream: true })
  // Without a body the stream is writable: ending it sends the request (as got's promise API does).
  if (request.body === undefined && stream.writable) stream.end()
  const answer = await new Promise<Response>((resolve, reject) => {
    stream.once('response', resolve)
    stream.once('error', reject)
  })
  const limit = options.maxSize ?? DEFAULT_MAX_SIZE
  const declared = Number(answer.headers['content-length'])
  try {
    if (answer.headers['content-encoding'] === undefined && declared > limit) {
      throw new BodyTooLarge(limit, declared)
    }
    const body = await collectBody(stream, limit)
    return toHttpResponse(answer, body)
  } catch (error) {
    stream.destroy()
    if (error instanceof BodyTooLarge) throw tooLarge(error, request, options)
    throw error
  }
}

function tooLarge(error: BodyTooLarge, request: HttpRequest, options: TransportOptions): ResponseError {
  const size = formatSize(error.limit)
  const label = options.maxSizeLabel ?? '--max-size'
  return new ResponseError(
    `The answer is larger than ${size} (${label}, counted after decompression); apictl stopped reading it.`,
    {
      where: `${request.method} ${redactUrl(request.url)}`,
      hint:
        options.maxSizeLabel === undefined
          ? 'If a body this large is expected, raise the limit, e.g. --max-size 4GiB.'
          : 'The server sent far more than such a document needs: check the URL, or tell its owner.',
    },
  )
}

/** The origin (scheme, host, port) of a URL, or undefined when it is not one. */
function originOf(url: string | URL): string | undefined {
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}

/** Whether a header may not go to another origin: a credential, an API-key-like name, or one the profile marks secret. */
function isCredential(name: string, marked: readonly string[]): boolean {
  return isSecretHeaderName(name) || marked.some((each) => each.toLowerCase() === name.toLowerCase())
}

/**
 * The headers to send to `to` when `from` sent them: all of them within one
 * origin; without the credential headers (isCredential) across origins —
 * for redirects and next-page links alike, whoever gave the header.
 */
export function headersFor<H extends Record<string, unknown>>(
  headers: H,
  from: string | URL,
  to: string | URL,
  marked: readonly string[] = [],
): H {
  if (originOf(from) === originOf(to)) return headers
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !isCredential(name, marked))) as H
}

/** A redirect to another origin: drop the credential headers from got's next request, in place. */
function dropCredentials(
  next: { url?: string | URL | undefined; headers: Record<string, unknown> },
  from: string,
  marked: readonly string[],
): void {
  if (originOf(from) === originOf(next.url ?? '')) return
  for (const name of Object.keys(next.headers)) {
    if (isCredential(name, marked)) delete next.headers[name]
  }
}

export function gotOptions(
  request: HttpRequest,
  options: TransportOptions,
  signal?: AbortSignal,
): OptionsInit {
  const headers: Record<string, string | string[] | undefined> = {
    'user-agent': undefined,
    ...request.headers,
  }
  return {
    method: request.method as OptionsInit['method'],
    headers,
    body: request.body,
    allowGetBody: true,
    throwHttpErrors: false,
    followRedirect: options.followRedirects ?? false,
    maxRedirects: MAX_REDIRECTS,
    https: { rejectUnauthorized: !options.insecure },
    agent: options.keepAlive ? sharedAgents() : undefined,
    retry: { limit: 0 },
    signal,
    hooks: {
      beforeRequest: [
        (gotRequestOptions) => {
          // From got's options, not the request: a redirect may have changed the method and body.
          const body = gotRequestOptions.body
          options.observer?.requestSent?.({
            method: gotRequestOptions.method ?? request.method,
            url: String(gotRequestOptions.url ?? request.url),
            headers: plainHeaders(gotRequestOptions.headers),
            body: typeof body === 'string' || Buffer.isBuffer(body) ? body : undefined,
          })
        },
      ],
      beforeRedirect: [
        (next, hop) => {
          // -v shows each hop: this answer here, the next request from beforeRequest.
          options.observer?.responseReceived?.(toHttpResponse(hop as Response, Buffer.alloc(0)))
          dropCredentials(next, (hop as Response).url, options.secretHeaders ?? [])
          // As HTTPie and curl -L: a POST redirected by 301/302 goes on as a GET without its
          // body (got turns any method but HEAD into GET on a 303 itself); other methods,
          // and 307/308, keep the method and the body.
          const status = hop.statusCode
          const toGet = (status === 301 || status === 302) && next.method === 'POST'
          if (toGet || (status === 303 && next.method === 'GET')) {
            next.method = 'GET'
            next.body = undefined
            delete next.headers['content-length']
            delete next.headers['content-type']
          }
        },
      ],
    },
  }
}

function sharedAgents() {
  keepAliveAgents.http ??= new HttpAgentClass({ keepAlive: true })
  keepAliveAgents.https ??= new HttpsAgent({ keepAlive: true })
  return { http: keepAliveAgents.http, https: keepAliveAgents.https }
}

function plainHeaders(headers: Record<string, unknown>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.map(String) : String(value)
  }
  return out
}

/** got's response head with the body read by collectBody. */
export function toHttpResponse(response: Response | Request['response'], body: Buffer): HttpResponse {
  const answer = response as Response
  const phases = answer.timings.phases
  const start = answer.timings.start
  const at = (time: number | undefined) => (time === undefined ? undefined : time - start)
  return {
    status: answer.statusCode,
    statusText: answer.statusMessage ?? '',
    headers: answer.headers as HttpResponse['headers'],
    body,
    url: answer.url,
    httpVersion: answer.httpVersion,
    timings: {
      dns: phases.dns,
      connect: at(answer.timings.connect),
      tls: phases.tls,
      firstByte: at(answer.timings.response),
      total: phases.total ?? Date.now() - start,
    },
  }
}
