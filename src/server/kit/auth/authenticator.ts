import type { IncomingMessage } from 'node:http'
import { demoUser, parseBasic, parseBearer, sameSecret } from './credentials.js'
import type { TokenIssuer } from './token-issuer.js'

/** The `WWW-Authenticate` challenge every 401 from the reference server carries. */
export const authChallenge = 'Basic realm="apictl", Bearer'

export interface AuthUser {
  user: string
  method: 'basic' | 'bearer'
}

export type AuthOutcome = ({ ok: true } & AuthUser) | { ok: false; reason: string }

/**
 * Who is calling: HTTP Basic `demo:demo`, or a Bearer JWT this server signed
 * (directly or via POST /oauth/token). Shared by the REST, GraphQL and SOAP
 * halves: reads are open, writes call `check` and answer 401 when it fails.
 */
export class Authenticator {
  readonly tokens: TokenIssuer

  constructor(tokens: TokenIssuer) {
    this.tokens = tokens
  }

  /** The caller, or null when the request carries no valid credentials. */
  authenticate = async (request: IncomingMessage): Promise<AuthUser | null> => {
    const outcome = await this.check(request)
    return outcome.ok ? { user: outcome.user, method: outcome.method } : null
  }

  /** Like `authenticate`, with a reason a 401 can tell the caller. */
  async check(request: IncomingMessage): Promise<AuthOutcome> {
    const authorization = request.headers.authorization
    if (authorization === undefined || authorization === '') {
      return { ok: false, reason: 'this request needs credentials: HTTP Basic demo:demo or a Bearer token' }
    }
    const basic = parseBasic(authorization)
    if (basic !== undefined) {
      const userMatches = sameSecret(basic.username, demoUser.username)
      const passwordMatches = sameSecret(basic.password, demoUser.password)
      return userMatches && passwordMatches
        ? { ok: true, user: basic.username, method: 'basic' }
        : { ok: false, reason: 'wrong user name or password' }
    }
    const token = parseBearer(authorization)
    if (token !== undefined) {
      const verdict = await this.tokens.verify(token)
      return verdict.ok ? { ok: true, user: verdict.subject, method: 'bearer' } : verdict
    }
    return { ok: false, reason: 'the Authorization header is neither Basic nor Bearer' }
  }
}
