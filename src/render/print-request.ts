import { type Context, colourEnabled } from '../core/context.js'
import type { HttpRequest } from '../core/exchange.js'
import { formatMultipartBody } from './format-form-body.js'
import { formatRequestHead } from './format-request-head.js'

/**
 * --dry-run: the exact request, as an HTTP message with the full URL on the
 * request line (as a .http file writes it), on stdout (credentials
 * included: it is what would be sent).
 */
export function printRequest(request: HttpRequest, ctx: Context, colourFlag?: boolean): void {
  const colour = colourEnabled(ctx.stdout, ctx.env, colourFlag)
  const headers = { ...request.headers }
  if (request.oauth2) headers.Authorization = `Bearer <token from ${request.oauth2.tokenUrl}>`
  ctx.stdout.write(
    `${formatRequestHead({ method: request.method, url: request.url, headers }, { colour, absolute: true })}\n`,
  )
  if (request.body !== undefined) ctx.stdout.write(`\n${request.body.toString()}\n`)
  else if (request.form?.multipart) ctx.stdout.write(`\n${formatMultipartBody(request.form)}\n`)
}
