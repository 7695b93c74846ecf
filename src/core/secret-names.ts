/** Which header and query parameter names carry credentials: one list for redaction and for redirects. */

const credentialHeaders = new Set(['authorization', 'proxy-authorization', 'cookie'])
const secretHeaderPattern =
  /(api[-_]?key|access[-_]?key|secret|token|password|passwd|credential|signature|session|^x[-_]auth|[-_]key$|^key$)/i
const secretParameterPattern =
  /(token|api[-_]?key|apikey|access[-_]?key|secret|password|passwd|credential|signature|^sig$|^key$|^code$|^auth)/i

/** Authorization, Proxy-Authorization and Cookie: credentials by definition. */
export function isCredentialHeader(name: string): boolean {
  return credentialHeaders.has(name.toLowerCase())
}

/**
 * A header whose value is a secret: the credential headers, and API-key-like
 * names (X-API-Key, X-Auth-Token, Private-Token, X-Session-Id, …).
 */
export function isSecretHeaderName(name: string): boolean {
  return isCredentialHeader(name) || secretHeaderPattern.test(name)
}

/** A query parameter whose value is a secret: api_key, access_token, token, key, secret, password, … */
export function isSecretParameterName(name: string): boolean {
  return secretParameterPattern.test(name)
}
