import type { Context, Sink } from '../core/context.js'
import { colourEnabled } from '../core/context.js'
import { type HttpRequest, type HttpResponse, headerValue, isJsonType, isXmlType } from '../core/exchange.js'
import { isProbablyBinary } from '../core/is-probably-binary.js'
import type { PrintParts } from '../core/request-options.js'
import type { TransportObserver } from '../transport/transport-options.js'
import { formatBinaryNotice } from './binary.js'
import { formatMultipartBody } from './format-form-body.js'
import { formatHeaders } from './format-headers.js'
import { formatJsonText } from './format-json-text.js'
import { formatRequestHead } from './format-request-head.js'
import { formatStatusLine } from './format-status-line.js'
import { formatXmlText } from './format-xml.js'
import { redactHeaders, redactUrl } from './redact.js'
import { forTerminal } from './safe-text.js'
import { createTheme } from './theme.js'

/** A request as the transport sent it (got's method, URL, headers and body). */
type SentRequest = Parameters<NonNullable<TransportObserver['requestSent']>>[0]

export interface ExchangePartsOptions {
  colour: boolean | undefined
  /** --show-secrets: request credentials in clear (else masked, as -v and --dry-run mask them). */
  showSecrets: boolean
  /**
   * Where the parts go and when: stdout once the answer's head is in (the
   * body follows), or stderr as each part happens (a --download, whose body
   * goes to a file: HTTPie prints the heads on stderr then).
   */
  to: 'stdout' | 'stderr'
}

/** -i / --print: the parts of one exchange printed around its body, in HTTPie's order (H B h, the body, m). */
export interface ExchangeParts {
  /** Hears the request as sent (the last one, after redirects and retries) and the answer's head. */
  observer: TransportObserver
  /** The request head and body and the answer's head, as --print asks: before the body. */
  printHeads(bodyFollows: boolean): void
  /** Metadata (elapsed time), after the body. */
  printMeta(): void
}

/**
 * The parts --print names, written to stdout (or stderr for a download):
 * request headers with credentials masked unless --show-secrets, the request
 * body, the status line and response headers (server text, escaped), then
 * after the body the elapsed time as HTTPie 3 prints it. Coloured like -v's
 * heads on a terminal.
 */
export function exchangeParts(
  parts: PrintParts,
  built: HttpRequest,
  ctx: Context,
  options: ExchangePartsOptions,
): ExchangeParts {
  const sink = options.to === 'stderr' ? ctx.stderr : ctx.stdout
  const colour = colourEnabled(sink, ctx.env, options.colour)
  const started = Date.now()
  let sent: SentRequest | undefined
  let answer: HttpResponse | undefined
  let printed = false
  let bodyShown = false
  const write = (text: string) => sink.write(text)
  const printHeads = (bodyFollows: boolean) => {
    if (printed) return
    printed = true
    bodyShown = bodyFollows
    const blocks: string[] = []
    if (parts.requestHead) blocks.push(requestHead(sent, built, colour, options.showSecrets))
    const body = parts.requestBody ? requestBody(sent, built, sink, colour) : undefined
    if (body !== undefined && body !== '') blocks.push(body)
    if (parts.responseHead && answer !== undefined) blocks.push(responseHead(answer, colour))
    if (blocks.length === 0) return
    write(`${blocks.join('\n\n')}\n`)
    // A blank line before what follows (the body, the metadata), as HTTPie lays it out.
    if (bodyFollows || parts.meta) write('\n')
  }
  return {
    observer: {
      requestSent(request) {
        sent = request
      },
      responseReceived(response) {
        answer = response
        if (options.to === 'stderr') {
          printHeads(false)
          printed = false
        }
      },
    },
    printHeads: (bodyFollows) => {
      if (options.to === 'stdout') printHeads(bodyFollows)
    },
    printMeta() {
      if (!parts.meta) return
      const theme = createTheme(colour)
      const seconds = ((Date.now() - started) / 1000).toFixed(3)
      // After a body, a blank line; after the heads alone, theirs is written already.
      sink.write(`${bodyShown ? '\n' : ''}${theme.dim('Elapsed time:')} ${seconds}s\n`)
    },
  }
}

function requestHead(
  sent: SentRequest | undefined,
  built: HttpRequest,
  colour: boolean,
  showSecrets: boolean,
): string {
  const request = sent ?? built
  const headers = showSecrets ? { ...request.headers } : redactHeaders(request.headers)
  if (sent === undefined && built.oauth2 && headerValue(headers, 'authorization') === undefined)
    headers.Authorization = `Bearer <token from ${redactUrl(built.oauth2.tokenUrl)}>`
  const url = showSecrets ? request.url : redactUrl(request.url)
  return formatRequestHead({ method: request.method, url, headers }, { colour })
}

/** The request body as sent: JSON pretty-printed, a multipart form as --dry-run shows it, binary as a notice on a terminal. */
function requestBody(
  sent: SentRequest | undefined,
  built: HttpRequest,
  sink: Sink,
  colour: boolean,
): string | undefined {
  const body = sent?.body ?? built.body
  if (body === undefined) {
    return built.form?.multipart ? forTerminal(formatMultipartBody(built.form), sink) : undefined
  }
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8')
  const type = headerValue(sent?.headers ?? built.headers, 'content-type')
  if (sink.isTTY && isProbablyBinary(bytes, type)) return formatBinaryNotice(bytes.length, type, { colour })
  const text = bytes.toString('utf8')
  if (isJsonType(type)) {
    const formatted = formatJsonText(text, { colour })
    if (formatted.parsed) return formatted.text.replace(/\n$/, '')
  }
  if (isXmlType(type)) {
    const formatted = formatXmlText(text, { colour })
    if (formatted.error === undefined) return formatted.text.replace(/\n$/, '')
  }
  return forTerminal(text, sink)
}

/** `HTTP/1.1 201 Created` and the headers as the server sent them (escaped: server text). */
function responseHead(response: HttpResponse, colour: boolean): string {
  const headers = formatHeaders(response.headers, { colour })
  const status = formatStatusLine(response, { colour })
  return headers === '' ? status : `${status}\n${headers}`
}
