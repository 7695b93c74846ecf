import got, { type Response } from 'got'
import { ApictlError, ResponseError } from '../core/errors.js'
import type { OAuth2Settings } from '../core/exchange.js'
import { ExitCode } from '../core/exit-codes.js'
import { type Connection, connectionFor, loadProxySupport } from './connection-options.js'
import { toNetworkError } from './network-error.js'
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
  let response: Response<string>
  let connection: Connection | undefined
  try {
    // The token endpoint is reached as the API is: same proxy rules, same TLS files.
    await loadProxySupport(options)
    connection = connectionFor(settings.tokenUrl, { ...options, http2: false })
    response = (await got.post(settings.tokenUrl, {
      form,
      headers: { authorization: `Basic ${basic.toString('base64')}`, accept: 'application/json' },
      throwHttpErrors: false,
      retry: { limit: 0 },
      https: connection.https,
      agent: connection.agent,
      signal: options.signal,
    })) as Response<string>
  } catch (error) {
    throw toNetworkError(error, 'POST', settings.tokenUrl, options.timeoutMs, connection?.proxy)
  }
  const where = `POST ${settings.tokenUrl}`
  const status = response.statusCode
  if (status >= 500) {
    const answer = parseAnswer(response.body, settings.tokenUrl, false)
    throw new ApictlError(
      `The token endpoint failed (${errorText(status, answer)}).`,
      ExitCode.ServerFailed,
      {
        where,
        hint: 'The server could not issue a token; try again later, or ask its owner.',
      },
    )
  }
  const answer = parseAnswer(response.body, settings.tokenUrl, status < 400)
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
      where: `POST ${tokenUrl}`,
      hint: 'Check the --oauth2 URL: it must be the OAuth 2.0 token endpoint.',
    })
  }
}
