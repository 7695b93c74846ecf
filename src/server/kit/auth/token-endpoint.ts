import type { IncomingMessage, ServerResponse } from 'node:http'
import { mediaType } from '../../../core/exchange.js'
import { readBody } from '../http/read-body.js'
import { sendEmpty, sendJson, sendProblem } from '../http/respond.js'
import type { Authenticator } from './authenticator.js'
import { demoClient, parseBasic, sameSecret } from './credentials.js'
import { clientKey } from './failure-throttle.js'

export const tokenPath = '/oauth/token'
const allow = 'POST, OPTIONS'
const noStore = { 'Cache-Control': 'no-store', Pragma: 'no-cache' }

type OAuthErrorCode = 'invalid_request' | 'invalid_client' | 'invalid_scope' | 'unsupported_grant_type'

/** The longest client_id and client_secret accepted (the demo client's are 4 and 11 characters). */
export const maxClientField = 256
/** The longest scope accepted: it is copied into the token and the answer. */
export const maxScope = 1000
/** RFC 6749 §3.3: space-delimited scope-tokens of printable ASCII but `"` and `\`. */
const scopePattern = /^[\x21\x23-\x5b\x5d-\x7e]+(?: [\x21\x23-\x5b\x5d-\x7e]+)*$/

/** An RFC 6749 §5.2 error: `{"error": code, "error_description": ...}`. */
class OAuthError extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    description: string,
  ) {
    super(description)
  }
}

function formDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    return text
  }
}

function parameters(body: Buffer): Map<string, string> {
  const result = new Map<string, string>()
  for (const [name, value] of new URLSearchParams(body.toString('utf8'))) {
    if (result.has(name))
      throw new OAuthError('invalid_request', `the parameter ${name} is given more than once`)
    result.set(name, value)
  }
  return result
}

/** The client's id and secret, from HTTP Basic or from the form (never both: RFC 6749 §2.3). */
function clientCredentials(request: IncomingMessage, form: Map<string, string>) {
  const header = request.headers.authorization
  const inForm = form.has('client_secret')
  if (header !== undefined && header !== '') {
    const basic = parseBasic(header)
    if (basic === undefined)
      throw new OAuthError('invalid_client', 'client authentication must use HTTP Basic')
    if (inForm)
      throw new OAuthError(
        'invalid_request',
        'authenticate the client one way: HTTP Basic or form parameters',
      )
    return { id: formDecode(basic.username), secret: formDecode(basic.password) }
  }
  if (!form.has('client_id') || !inForm) {
    throw new OAuthError(
      'invalid_client',
      'send client_id and client_secret, as form parameters or HTTP Basic',
    )
  }
  return { id: form.get('client_id')!, secret: form.get('client_secret')! }
}

function checkLength(name: string, value: string): void {
  if (value.length > maxClientField) {
    throw new OAuthError('invalid_request', `${name} is longer than ${maxClientField} characters`)
  }
}

/** The requested scope, refused when it is too long or not RFC 6749 scope syntax (it is copied into the token). */
function requestedScope(form: Map<string, string>): string | undefined {
  const scope = form.get('scope')
  if (scope === undefined) return undefined
  if (scope.length > maxScope) {
    throw new OAuthError('invalid_scope', `scope is longer than ${maxScope} characters (${scope.length})`)
  }
  if (!scopePattern.test(scope)) {
    throw new OAuthError(
      'invalid_scope',
      'scope must be scope tokens (printable ASCII without " and \\) separated by single spaces',
    )
  }
  return scope
}

async function issue(request: IncomingMessage, auth: Authenticator, client: string) {
  if (mediaType(request.headers['content-type']) !== 'application/x-www-form-urlencoded') {
    throw new OAuthError('invalid_request', 'send the parameters as application/x-www-form-urlencoded')
  }
  const form = parameters(await readBody(request))
  const grant = form.get('grant_type')
  if (grant === undefined) throw new OAuthError('invalid_request', 'grant_type is required')
  if (grant !== 'client_credentials') {
    throw new OAuthError('unsupported_grant_type', 'this server grants client_credentials only')
  }
  const credentials = clientCredentials(request, form)
  checkLength('client_id', credentials.id)
  checkLength('client_secret', credentials.secret)
  const scope = requestedScope(form)
  const idMatches = sameSecret(credentials.id, demoClient.clientId)
  const secretMatches = sameSecret(credentials.secret, demoClient.clientSecret)
  if (!(idMatches && secretMatches)) {
    auth.throttle.fail(client)
    throw new OAuthError('invalid_client', 'unknown client or wrong client secret')
  }
  const { token, expiresIn } = await auth.tokens.sign(credentials.id, scope)
  return {
    access_token: token,
    token_type: 'Bearer',
    expires_in: expiresIn,
    ...(scope === undefined ? {} : { scope }),
  }
}

/**
 * POST /oauth/token: OAuth 2.0 client credentials (RFC 6749 §4.4) for the
 * demo client, answering with a bearer JWT or an RFC 6749 error body. Wrong
 * client credentials count against the caller's address like failed
 * logins; an address over its budget gets 429 with Retry-After and
 * `slow_down` (RFC 8628's token endpoint error) before anything is read.
 */
export async function handleTokenRequest(
  request: IncomingMessage,
  response: ServerResponse,
  auth: Authenticator,
): Promise<void> {
  if (request.method === 'OPTIONS') return sendEmpty(response, 204, { Allow: allow })
  if (request.method !== 'POST') {
    return sendProblem(response, 405, `${request.method} is not allowed here; request a token with POST`, {
      Allow: allow,
    })
  }
  const client = clientKey(request.socket.remoteAddress)
  const wait = auth.throttle.retryAfter(client)
  if (wait !== undefined) {
    request.resume()
    const description = `too many failed client authentications from this address: try again in ${wait} s`
    sendJson(
      response,
      429,
      { error: 'slow_down', error_description: description },
      {
        ...noStore,
        'Retry-After': String(wait),
      },
    )
    return
  }
  try {
    sendJson(response, 200, await issue(request, auth, client), { ...noStore })
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error
    const status = error.code === 'invalid_client' ? 401 : 400
    const headers =
      status === 401 ? { ...noStore, 'WWW-Authenticate': 'Basic realm="apictl"' } : { ...noStore }
    sendJson(response, status, { error: error.code, error_description: error.message }, headers)
  }
}
