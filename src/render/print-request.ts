import { type Context, colourEnabled } from '../core/context.js'
import type { HttpRequest } from '../core/exchange.js'
import { formatRequestHead } from './format-request-head.js'
import { redactHeaders, redactUrl } from './redact.js'
import { forTerminal } from './safe-text.js'

export interface PrintRequestOptions {
  colour?: boolean | undefined
  /** --show-secrets: credentials in clear (by default they are masked, as -v masks them). */
  showSecrets?: boolean | undefined
}

/**
 * --dry-run: the exact request, as an HTTP message with the full URL on the
 * request line (as a .http file writes it), on stdout. Credentials
 * (Authorization, Proxy-Authorization, Cookie, API-key headers, a URL's
 * password and secret query parameters) are masked unless --show-secrets:
 * a dry run is often pasted into a ticket or a chat.
 */
export function printRequest(request: HttpRequest, ctx: Context, options: PrintRequestOptions = {}): void {
  const colour = colourEnabled(ctx.stdout, ctx.env, options.colour)
  const clear = options.showSecrets === true
  const headers = clear ? { ...request.headers } : redactHeaders(request.headers)
  const url = clear ? request.url : redactUrl(request.url)
  if (request.oauth2) headers.Authorization = `Bearer <token from ${redactUrl(request.oauth2.tokenUrl)}>`
  ctx.stdout.write(
    `${formatRequestHead({ method: request.method, url, headers }, { colour, absolute: true })}\n`,
  )
  if (request.body !== undefined) ctx.stdout.write(`\n${forTerminal(request.body.toString(), ctx.stdout)}\n`)
}
