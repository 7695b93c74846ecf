import type { IncomingMessage } from 'node:http'
import { demoUser, parseBasic, parseBearer, sameSecret } from './credentials.js'
import { clientKey, FailureThrottle } from './failure-throttle.js'
import type { TokenIssuer } from './token-issuer.js'

/** The `WWW-Authenticate` challenge every 401 from the reference server carries. */
export const authChallenge = 'Basic realm="apictl", Bearer'

export interface AuthUser {
  user: string
  method: 'basic' | 'bearer'
}

/** A refusal; `retryAfter` (seconds) when the client's address has failed too often to be checked at all. */
export type AuthOutcome = ({ ok: true } & AuthUser) | { ok: false; reason: string; retryAfter?: number }

/** The reason given while an address waits out its failures. */
export function throttledReason(seconds: number): string {
  return `too many failed logins from this address: try again in ${seconds} s`
}

/**
 * Who is calling: HTTP Basic `demo:demo`, or a Bearer JWT this server signed
 * (directly or via POST /oauth/token). Shared by the REST, GraphQL and SOAP
 * halves: reads are open, writes call `check` and answer 401 when it fails.
 * Failed logins are counted per client address in `throttle` (which the
 * token endpoint and WS-Security share): an address over its budget is
 * refused without its credentials being looked at.
 */
export class Authenticator {
  readonly tokens: TokenIssuer
  readonly throttle: FailureThrottle

  constructor(tokens: TokenIssuer, throttle = new FailureThrottle()) {
    this.tokens = tokens
    this.throttle = throttle
  }

  /** The caller, or null when the request carries no valid credentials. */
  authenticate = async (request: IncomingMessage): Promise<AuthUser | null> => {
    const outcome = await this.check(request)
    return outcome.ok ? { user: outcome.user, method: outcome.method } : null
  }

  /** Like `authenticate`, with a reason a 401 (or a 429) can tell the caller. */
  check(request: IncomingMessage): Promise<AuthOutcome> {
    return this.checkAuthorization(request.headers.authorization, clientKey(request.socket?.remoteAddress))
  }

  /** Checks an Authorization header value sent by `client` (a clientKey). */
  async checkAuthorization(authorization: string | undefined, client: string): Promise<AuthOutcome> {
    if (authorization === undefined || authorization === '') {
      return { ok: false, reason: 'this request needs credentials: HTTP Basic demo:demo or a Bearer token' }
    }
    const wait = this.throttle.retryAfter(client)
    if (wait !== undefined) return { ok: false, reason: throttledReason(wait), retryAfter: wait }
    const basic = parseBasic(authorization)
    if (basic !== undefined) {
      const userMatches = sameSecret(basic.username, demoUser.username)
      const passwordMatches = sameSecret(basic.password, demoUser.password)
      if (userMatches && passwordMatches) return { ok: true, user: basic.username, method: 'basic' }
      this.throttle.fail(client)
      return { ok: false, reason: 'wrong user name or password' }
    }
    const token = parseBearer(authorization)
    if (token !== undefined) {
      const verdict = await this.tokens.verify(token)
      if (verdict.ok) return { ok: true, user: verdict.subject, method: 'bearer' }
      // An expired token is one this server signed, not a guess.
      if (verdict.expired !== true) this.throttle.fail(client)
      return { ok: false, reason: verdict.reason }
    }
    return { ok: false, reason: 'the Authorization header is neither Basic nor Bearer' }
  }
}
