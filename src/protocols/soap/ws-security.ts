import type { HeaderBlock } from './envelope.js'
import { attribute, childElements, element, textContent, type XmlElement } from './xml/xml-element.js'

/** OASIS WS-Security 1.0 namespaces and UsernameToken profile URIs. */
export const wsseNamespace =
  'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd'
export const wsuNamespace =
  'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd'
const tokenProfile = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0'
export const passwordTextType = `${tokenProfile}#PasswordText`
export const passwordDigestType = `${tokenProfile}#PasswordDigest`

export interface UsernameToken {
  username: string
  password: string
  /** `text` (PasswordText, also when Type is absent), `digest`, or another URI. */
  passwordType: 'text' | 'digest' | 'other'
  /** The Password's Type URI as sent ('' when absent). */
  typeUri: string
  /** Base64, as sent (digest). */
  nonce?: string | undefined
  /** wsu:Created, as sent (digest). */
  created?: string | undefined
}

/** A Security header that is present but cannot be read. */
export class WsSecurityError extends Error {
  override name = 'WsSecurityError'
}

const wsse = (local: string) => ({ namespace: wsseNamespace, local })

/**
 * The `wsse:Security` header block holding a UsernameToken with a
 * PasswordText password, mustUnderstand by default (what `--wss USER:PASS` sends).
 */
export function usernameTokenHeader(
  username: string,
  password: string,
  options: { mustUnderstand?: boolean; target?: string } = {},
): HeaderBlock {
  const token = element(
    wsse('UsernameToken'),
    [
      element(wsse('Username'), [username]),
      element(wsse('Password'), [password], [attribute({ namespace: '', local: 'Type' }, passwordTextType)]),
    ],
    [],
  )
  return {
    element: element(wsse('Security'), [token], [], 'wsse'),
    mustUnderstand: options.mustUnderstand ?? true,
    target: options.target,
  }
}

export function isSecurityHeader(block: XmlElement): boolean {
  return block.name.local === 'Security' && block.name.namespace === wsseNamespace
}

function only(parent: XmlElement, local: string, namespace = wsseNamespace): XmlElement | undefined {
  const found = childElements(parent).filter(
    (node) => node.name.local === local && node.name.namespace === namespace,
  )
  if (found.length > 1) throw new WsSecurityError(`the UsernameToken has more than one ${local}`)
  return found[0]
}

/** The UsernameToken in a `wsse:Security` block; undefined when it has none. Throws WsSecurityError when malformed. */
export function readUsernameToken(security: XmlElement): UsernameToken | undefined {
  const tokens = childElements(security).filter(
    (node) => node.name.local === 'UsernameToken' && node.name.namespace === wsseNamespace,
  )
  if (tokens.length === 0) return undefined
  if (tokens.length > 1) throw new WsSecurityError('the Security header has more than one UsernameToken')
  const token = tokens[0]!
  const username = only(token, 'Username')
  const password = only(token, 'Password')
  if (username === undefined || password === undefined) {
    throw new WsSecurityError('the UsernameToken needs both a Username and a Password')
  }
  const typeUri = (password.attributes.find(
    (item) => item.name.local === 'Type' && item.name.namespace === '',
  )?.value ?? '') as string
  const passwordType =
    typeUri === '' || typeUri === passwordTextType
      ? 'text'
      : typeUri === passwordDigestType
        ? 'digest'
        : 'other'
  const nonce = only(token, 'Nonce')
  const created = only(token, 'Created', wsuNamespace)
  return {
    username: textContent(username).trim(),
    password: textContent(password),
    passwordType,
    typeUri,
    nonce: nonce === undefined ? undefined : textContent(nonce).trim(),
    created: created === undefined ? undefined : textContent(created).trim(),
  }
}
