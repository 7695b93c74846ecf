import { createHash } from 'node:crypto'
import { demoUser, sameSecret } from '../../../server/kit/auth/credentials.js'
import type { Envelope } from '../envelope.js'
import {
  isSecurityHeader,
  readUsernameToken,
  type UsernameToken,
  WsSecurityError,
  wsseNamespace,
} from '../ws-security.js'
import { targetsUs } from './must-understand.js'
import { SoapFaultError } from './soap-fault-error.js'

const wsse = (local: string) => ({ namespace: wsseNamespace, local })
/** How far a digest's wsu:Created may be from now. */
const freshnessMs = 5 * 60 * 1000

/** The ItemFault code of each WS-Security fault (its 1.2 Subcode stays the wsse QName). */
const faultCodes = {
  FailedAuthentication: 'AUTHENTICATION_FAILED',
  InvalidSecurity: 'INVALID_SECURITY',
  InvalidSecurityToken: 'INVALID_SECURITY_TOKEN',
  UnsupportedSecurityToken: 'UNSUPPORTED_SECURITY_TOKEN',
} as const

function securityFault(subcode: keyof typeof faultCodes, reason: string): SoapFaultError {
  return new SoapFaultError('client', reason, {
    subcode: wsse(subcode),
    code: faultCodes[subcode],
    aboutHeader: true,
  })
}

function passwordMatches(token: UsernameToken, password: string, now: number): boolean {
  if (token.passwordType === 'text') return sameSecret(token.password, password)
  if (token.nonce === undefined || token.created === undefined) {
    throw securityFault(
      'InvalidSecurityToken',
      'a PasswordDigest UsernameToken needs a Nonce and a wsu:Created',
    )
  }
  const created = Date.parse(token.created)
  if (!(Math.abs(now - created) <= freshnessMs)) {
    throw securityFault('FailedAuthentication', 'the UsernameToken was created more than 5 minutes from now')
  }
  const digest = createHash('sha1')
    .update(Buffer.from(token.nonce, 'base64'))
    .update(token.created, 'utf8')
    .update(password, 'utf8')
    .digest('base64')
  return sameSecret(token.password.trim(), digest)
}

/**
 * Checks the wsse:Security header targeted at this server, if any: its
 * UsernameToken must be demo/demo (PasswordText, or PasswordDigest with a
 * fresh wsu:Created). Returns the user name, undefined without a token;
 * throws a Client (1.2: Sender) fault with a WS-Security subcode when the
 * token is malformed or wrong, with an ItemFault code such as
 * AUTHENTICATION_FAILED (see faultEnvelope for where it goes).
 */
export function verifySecurity(
  envelope: Envelope,
  ours: ReadonlySet<string>,
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
  const userMatches = sameSecret(token.username, demoUser.username)
  if (!passwordMatches(token, demoUser.password, now) || !userMatches) {
    throw securityFault(
      'FailedAuthentication',
      'the WS-Security UsernameToken was refused: wrong user name or password',
    )
  }
  return token.username
}
