import { ApictlError, isApictlError, ResponseError } from '../core/errors.js'
import type { HttpRequest, HttpResponse, OAuth2Settings } from '../core/exchange.js'
import { ExitCode } from '../core/exit-codes.js'
import { redactUrl } from '../core/redact-url.js'
import { toNetworkError } from './network-error.js'
import { receive } from './receive.js'
import type { TransportOptions } from './transport-options.js'

interface TokenAnswer {
  access_token?: unknown
  token_type?: unknown
  expires_in?: unknown
  error?: unknown
  error_description?: unknown
}

/**
 * OAuth 2.0 client credentials (RFC 6749 §4.4): a cached token while it is
 * still valid, else a fresh one from the token endpoint, stored for next time.
 */
export async function fetchOAuth2Token(settings: OAuth2Settings, options: TransportOptions): Promise<string> {
  const cache = options.tokenStore
  if (cache) {
    const cached = await cache.get(settings)
    if (cached) {
      options.observer?.tokenFetched?.(settings.tokenUrl, true)
      return cached.accessToken
    }
  }
  const answer = await requestToken(settings, options)
  options.observer?.tokenFetched?.(settings.tokenUrl, false)
  if (cache) {
    await cache.put(settings, {
      accessToken: answer.accessToken,
      expiresAt: Date.now() + answer.expiresIn * 1000,
    })
  }
  return answer.accessToken
}

async function requestToken(settings: OAuth2Settings, options: TransportOptions) {
  const form: Record<string, string> = { grant_type: 'client_credentials' }
  if (settings.scope) form.scope = settings.scope
  const basic = Buffer.from(
    `${encodeURIComponent(settings.clientId)}:${encodeURIComponent(settings.clientSecret)}`,
  )
  let response: HttpResponse
  const request: HttpRequest = {
    method: 'POST',
    url: settings.tokenUrl,
    headers: {
      authorization: `Basic ${basic.toString('base64')}`,
      accept: 'application/json',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(form).toString(),
  }
  const signal = options.signal ?? new AbortController().signal
  try {
    // Not retried (a token request is a POST), not shown by -v (its own line says a token was fetched).
    const settings_ = { ...options, retry: 0, followRedirects: true, observer: undefined }
    response = await receive(request, settings_, signal, Number.POSITIVE_INFINITY)
  } catch (error) {
    if (isApictlError(error)) throw error
    throw toNetworkError(error, 'POST', settings.tokenUrl, options.timeoutMs)
  }
  const where = `POST ${redactUrl(settings.tokenUrl)}`
  const status = response.status
  const text = response.body.toString('utf8')
  if (status >= 500) {
    const answer = parseAnswer(text, settings.tokenUrl, false)
    throw new ApictlError(
      `The token endpoint failed (${errorText(status, answer)}).`,
      ExitCode.ServerFailed,
      {
        where,
        hint: 'The server could not issue a token; try again later, or ask its owner.',
      },
    )
  }
  const answer = parseAnswer(text, settings.tokenUrl, status < 400)
  if (status >= 400) {
    throw new ApictlError(
      `The token endpoint refused the request (${errorText(status, answer)}).`,
      ExitCode.Rejected,
      {
        where,
        hint: 'Check --client-id, --client-secret and --scope.',
      },
    )
  }
  if (typeof answer.access_token !== 'string' || answer.access_token === '') {
    throw new ResponseError(`The token endpoint answered HTTP ${status} without an access_token.`, {
      where,
      hint: 'Check that --oauth2 names the OAuth 2.0 token endpoint (it answers {"access_token": ...}).',
    })
  }
  const expiresIn = typeof answer.expires_in === 'number' && answer.expires_in > 0 ? answer.expires_in : 300
  return { accessToken: answer.access_token, expiresIn }
}

/** `invalid_client: unknown client`, or `HTTP 401` when the body names no error. */
function errorText(status: number, answer: TokenAnswer): string {
  const code = typeof answer.error === 'string' ? answer.error : `HTTP ${status}`
  const detail = typeof answer.error_description === 'string' ? `: ${answer.error_description}` : ''
  return `${code}${detail}`
}

/** The JSON answer; a body that is not JSON is an error only when `strict` (a success must be JSON). */
function parseAnswer(body: string, tokenUrl: string, strict: boolean): TokenAnswer {
  try {
    const parsed = JSON.parse(body) as unknown
    return parsed && typeof parsed === 'object' ? (parsed as TokenAnswer) : {}
  } catch {
    if (!strict) return {}
    throw new ResponseError('The token endpoint did not answer with JSON.', {
      where: `POST ${redactUrl(tokenUrl)}`,
      hint: 'Check the --oauth2 URL: it must be the OAuth 2.0 token endpoint.',
    })
  }
}
