import { createHash } from 'node:crypto'
import { throttledReason } from '../../../server/kit/auth/authenticator.js'
import { demoUser, sameSecret } from '../../../server/kit/auth/credentials.js'
import type { FailureThrottle } from '../../../server/kit/auth/failure-throttle.js'
import type { Envelope } from '../envelope.js'
import {
  isSecurityHeader,
  readUsernameToken,
  type UsernameToken,
  WsSecurityError,
  wsseNamespace,
} from '../ws-security.js'
import { targetsUs } from './must-understand.js'
import { NonceCache } from './nonce-cache.js'
import { SoapFaultError } from './soap-fault-error.js'

const wsse = (local: string) => ({ namespace: wsseNamespace, local })
/** How old a digest's wsu:Created may be (SPEC §7). */
export const maxAgeMs = 5 * 60 * 1000
/** How far ahead of the server's clock wsu:Created may be (clock skew; WSS4J's default too). */
export const maxFutureMs = 60 * 1000
/** The longest Nonce text accepted (a nonce is usually 16 bytes: 24 characters). */
const maxNonceText = 1024
/** xs:dateTime with a time zone, as WS-Security's wsu:Created is written. */
const dateTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/
const base64Pattern = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/** The ItemFault code of each WS-Security fault (its 1.2 Subcode stays the wsse QName). */
const faultCodes = {
  FailedAuthentication: 'AUTHENTICATION_FAILED',
  InvalidSecurity: 'INVALID_SECURITY',
  InvalidSecurityToken: 'INVALID_SECURITY_TOKEN',
  UnsupportedSecurityToken: 'UNSUPPORTED_SECURITY_TOKEN',
  MessageExpired: 'MESSAGE_EXPIRED',
} as const

function securityFault(
  subcode: keyof typeof faultCodes,
  reason: string,
  code: string = faultCodes[subcode],
): SoapFaultError {
  return new SoapFaultError('client', reason, { subcode: wsse(subcode), code, aboutHeader: true })
}

/** A nonce cache that remembers each nonce as long as a token carrying it could be fresh. */
export function createNonceCache(): NonceCache {
  return new NonceCache({ ttlMs: maxAgeMs + maxFutureMs })
}

/** What verifySecurity needs beyond the message: the nonces seen, the failed-login budget, who is asking. */
export interface SecurityState {
  nonces: NonceCache
  throttle: FailureThrottle
  /** The client's address (a clientKey). */
  client: string
}

/** The digest token's Created, checked for form and freshness. */
function checkCreated(created: string, now: number): void {
  const time = dateTimePattern.test(created) ? Date.parse(created) : Number.NaN
  if (Number.isNaN(time)) {
    throw securityFault(
      'InvalidSecurityToken',
      `wsu:Created must be an xs:dateTime with a time zone, e.g. 2024-05-01T12:00:00Z, not ${JSON.stringify(created.slice(0, 40))}`,
    )
  }
  if (now - time > maxAgeMs) {
    throw securityFault('MessageExpired', 'the UsernameToken was created more than 5 minutes ago')
  }
  if (time - now > maxFutureMs) {
    throw securityFault(
      'MessageExpired',
      'the UsernameToken was created more than a minute in the future (is the client clock right?)',
    )
  }
}

/** The digest token's Nonce as bytes: present, non-empty, base64 (xs:base64Binary: white space allowed). */
function nonceBytes(text: string): Buffer {
  const nonce = text.replace(/\s+/g, '')
  if (nonce === '' || nonce.length > maxNonceText || !base64Pattern.test(nonce)) {
    throw securityFault(
      'InvalidSecurityToken',
      nonce === ''
        ? 'the UsernameToken Nonce is empty; send random bytes, base64-encoded'
        : `the UsernameToken Nonce must be base64 of at most ${(maxNonceText / 4) * 3} bytes`,
    )
  }
  return Buffer.from(nonce, 'base64')
}

function passwordMatches(token: UsernameToken, password: string, now: number): boolean {
  if (token.passwordType === 'text') return sameSecret(token.password, password)
  if (token.nonce === undefined || token.created === undefined) {
    throw securityFault(
      'InvalidSecurityToken',
      'a PasswordDigest UsernameToken needs a Nonce and a wsu:Created',
    )
  }
  const nonce = nonceBytes(token.nonce)
  checkCreated(token.created, now)
  const digest = createHash('sha1')
    .update(nonce)
    .update(token.created, 'utf8')
    .update(password, 'utf8')
    .digest('base64')
  return sameSecret(token.password.trim(), digest)
}

/** Accepts a digest token's nonce once. */
function rememberNonce(token: UsernameToken, nonces: NonceCache): void {
  if (token.passwordType !== 'digest' || token.nonce === undefined) return
  // By its bytes: the same nonce written another way (line breaks) is the same nonce.
  const seen = nonces.add(nonceBytes(token.nonce).toString('base64'))
  if (seen === 'replayed') {
    throw securityFault(
      'FailedAuthentication',
      'this UsernameToken Nonce was already used: send a new nonce with each message',
      'NONCE_REPLAYED',
    )
  }
  if (seen === 'full') {
    throw new SoapFaultError('server', 'the server holds too many recent nonces; try again in a minute', {
      code: 'NONCE_CACHE_FULL',
      aboutHeader: true,
    })
  }
}

/**
 * Checks the wsse:Security header targeted at this server, if any: its
 * UsernameToken must be demo/demo (PasswordText, or PasswordDigest with a
 * fresh wsu:Created and a Nonce not seen before). Returns the user name,
 * undefined without a token; throws a Client (1.2: Sender) fault with a
 * WS-Security subcode when the token is malformed, wrong, stale or replayed,
 * with an ItemFault code such as AUTHENTICATION_FAILED (see faultEnvelope for
 * where it goes). A wrong password counts against the client's address in
 * `state.throttle`, and an address over its budget is refused before its
 * token is checked (TOO_MANY_FAILED_LOGINS, with a Retry-After).
 */
export function verifySecurity(
  envelope: Envelope,
  ours: ReadonlySet<string>,
  state: SecurityState,
  now = Date.now(),
): string | undefined {
  const blocks = envelope.headers.filter(
    (block) => isSecurityHeader(block.element) && targetsUs(block, envelope.version, ours),
  )
  if (blocks.length === 0) return undefined
  if (blocks.length > 1)
    throw securityFault(
      'InvalidSecurity',
      'the message has more than one wsse:Security header for this server',
    )
  let token: UsernameToken | undefined
  try {
    token = readUsernameToken(blocks[0]!.element)
  } catch (error) {
    if (error instanceof WsSecurityError) throw securityFault('InvalidSecurityToken', error.message)
    throw error
  }
  if (token === undefined) return undefined
  if (token.passwordType === 'other') {
    throw securityFault(
      'UnsupportedSecurityToken',
      `the UsernameToken's password Type ${JSON.stringify(token.typeUri.slice(0, 120))} is neither PasswordText nor PasswordDigest`,
    )
  }
  const wait = state.throttle.retryAfter(state.client)
  if (wait !== undefined) {
    throw new SoapFaultError('client', throttledReason(wait), {
      code: 'TOO_MANY_FAILED_LOGINS',
      aboutHeader: true,
      httpHeaders: { 'retry-after': String(wait) },
    })
  }
  const userMatches = sameSecret(token.username, demoUser.username)
  if (!passwordMatches(token, demoUser.password, now) || !userMatches) {
    state.throttle.fail(state.client)
    throw securityFault(
      'FailedAuthentication',
      'the WS-Security UsernameToken was refused: wrong user name or password',
    )
  }
  rememberNonce(token, state.nonces)
  return token.username
}
