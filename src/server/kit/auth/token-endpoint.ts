import type { IncomingMessage, ServerResponse } from 'node:http'
import { mediaType } from '../../../core/exchange.js'
import { readBody } from '../http/read-body.js'
import { sendEmpty, sendJson, sendProblem } from '../http/respond.js'
import { demoClient, parseBasic, sameSecret } from './credentials.js'
import type { TokenIssuer } from './token-issuer.js'

export const tokenPath = '/oauth/token'
const allow = 'POST, OPTIONS'
const noStore = { 'Cache-Control': 'no-store', Pragma: 'no-cache' }

type OAuthErrorCode = 'invalid_request' | 'invalid_client' | 'unsupported_grant_type'

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

async function issue(request: IncomingMessage, tokens: TokenIssuer) {
  if (mediaType(request.headers['content-type']) !== 'application/x-www-form-urlencoded') {
    throw new OAuthError('invalid_request', 'send the parameters as application/x-www-form-urlencoded')
  }
  const form = parameters(await readBody(request))
  const grant = form.get('grant_type')
  if (grant === undefined) throw new OAuthError('invalid_request', 'grant_type is required')
  if (grant !== 'client_credentials') {
    throw new OAuthError('unsupported_grant_type', 'this server grants client_credentials only')
  }
  const client = clientCredentials(request, form)
  const idMatches = sameSecret(client.id, demoClient.clientId)
  const secretMatches = sameSecret(client.secret, demoClient.clientSecret)
  if (!(idMatches && secretMatches))
    throw new OAuthError('invalid_client', 'unknown client or wrong client secret')
  const scope = form.get('scope')
  const { token, expiresIn } = await tokens.sign(client.id, scope)
  return {
    access_token: token,
    token_type: 'Bearer',
    expires_in: expiresIn,
    ...(scope === undefined ? {} : { scope }),
  }
}

/**
 * POST /oauth/token: OAuth 2.0 client credentials (RFC 6749 §4.4) for the
 * demo client, answering with a bearer JWT or an RFC 6749 error body.
 */
export async function handleTokenRequest(
  request: IncomingMessage,
  response: ServerResponse,
  tokens: TokenIssuer,
): Promise<void> {
  if (request.method === 'OPTIONS') return sendEmpty(response, 204, { Allow: allow })
  if (request.method !== 'POST') {
    return sendProblem(response, 405, `${request.method} is not allowed here; request a token with POST`, {
      Allow: allow,
    })
  }
  try {
    sendJson(response, 200, await issue(request, tokens), { ...noStore })
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error
    const status = error.code === 'invalid_client' ? 401 : 400
    const headers =
      status === 401 ? { ...noStore, 'WWW-Authenticate': 'Basic realm="apictl"' } : { ...noStore }
    sendJson(response, status, { error: error.code, error_description: error.message }, headers)
  }
}
