/**
 * A namespace name must be a URI reference (Namespaces in XML 1.0, §2.2),
 * as RFC 3986 spells one: only its characters (and %XX escapes; characters
 * beyond ASCII are let through, as IRIs), and without a scheme no colon in
 * the first path segment. `' http://x'`, `'a b'`, `'>x'` and `"'x:y"` are
 * not; `'urn:x'`, `'http://h/p?q#f'` and `'../x'` are.
 */
const allowed = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?#[\]\u0080-\uFFFF]|%[0-9A-Fa-f]{2})*$/
const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:/

/** Namespace names found to be URI references lately: a service's messages declare the same few. */
const known = new Set<string>()

export function isUriReference(text: string): boolean {
  if (known.has(text)) return true
  if (!allowed.test(text) || text.indexOf('#') !== text.lastIndexOf('#')) return false
  if (!scheme.test(text) && text.split(/[/?#]/, 1)[0]!.includes(':')) return false
  if (known.size >= 256) known.clear()
  if (text.length <= 512) known.add(text)
  return true
}
