/**
 * `Authorization: Basic user pass` (two words) and `Basic user:pass`, as
 * the JetBrains HTTP Client reads them: encoded to base64. A value already
 * encoded (one word, no colon) is left as it is.
 */
export function basicAuthorization(name: string, value: string): string {
  if (name.toLowerCase() !== 'authorization') return value
  const match = /^Basic\s+(.+)$/i.exec(value.trim())
  if (match === null) return value
  const credentials = match[1]!.trim()
  if (/^[^\s:]*:/.test(credentials)) return `Basic ${Buffer.from(credentials).toString('base64')}`
  const words = /^(\S+)\s+(.*)$/.exec(credentials)
  if (words) return `Basic ${Buffer.from(`${words[1]}:${words[2]}`).toString('base64')}`
  return value
}
