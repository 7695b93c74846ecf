export interface ContentType {
  /** Lower-cased, without parameters. */
  mediaType: string
  /** Parameter names lower-cased; quoted values unquoted. */
  parameters: ReadonlyMap<string, string>
}

const parameterPattern = /;\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/gy

/** Parses `text/xml; charset=utf-8` or `application/soap+xml; action="urn:x#Op"` (RFC 9110 syntax, leniently). */
export function parseContentType(value: string | undefined): ContentType {
  const text = value ?? ''
  const semicolon = text.indexOf(';')
  const mediaType = (semicolon === -1 ? text : text.slice(0, semicolon)).trim().toLowerCase()
  const parameters = new Map<string, string>()
  if (semicolon !== -1) {
    parameterPattern.lastIndex = semicolon
    for (let match = parameterPattern.exec(text); match !== null; match = parameterPattern.exec(text)) {
      const name = match[1]!.toLowerCase()
      if (!parameters.has(name)) parameters.set(name, unquote(match[2]!.trim()))
    }
  }
  return { mediaType, parameters }
}

/** `"urn:x#Op"` → `urn:x#Op`; a quoted-string's escapes undone; other values trimmed. */
export function unquote(value: string): string {
  const trimmed = value.trim()
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    const inner = trimmed.slice(1, -1)
    return inner.includes('\\') ? inner.replace(/\\(.)/g, '$1') : inner
  }
  return trimmed
}
