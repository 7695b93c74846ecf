/**
 * A small, safe serializer for the REST API's XML representation: element
 * names come from our own field names, text is escaped, and characters XML
 * 1.0 cannot carry (control characters, lone surrogates) become U+FFFD.
 */
const childNames: Record<string, string> = { items: 'item', tags: 'tag', reviews: 'review' }

/** What XML 1.0 cannot carry: control characters (not tab, LF, CR), U+FFFE/U+FFFF, lone surrogates. */
const forbidden = new RegExp(
  [
    '[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\ufffe\\uffff]',
    '[\\ud800-\\udbff](?![\\udc00-\\udfff])',
    '(?<![\\ud800-\\udbff])[\\udc00-\\udfff]',
  ].join('|'),
  'g',
)
const special = /[&<>"']/g
const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
}

export function escapeXmlText(text: string): string {
  return text.replace(forbidden, '\ufffd').replace(special, (character) => entities[character]!)
}

function element(name: string, value: unknown, parts: string[]): void {
  if (value === null || value === undefined) {
    parts.push(`<${name} nil="true"/>`)
  } else if (Array.isArray(value)) {
    parts.push(`<${name}>`)
    const child = childNames[name] ?? 'entry'
    for (const entry of value) element(child, entry, parts)
    parts.push(`</${name}>`)
  } else if (typeof value === 'object') {
    parts.push(`<${name}>`)
    for (const [key, entry] of Object.entries(value)) element(key, entry, parts)
    parts.push(`</${name}>`)
  } else {
    parts.push(`<${name}>${escapeXmlText(String(value))}</${name}>`)
  }
}

/** `<?xml ...?><root>...</root>` for a JSON-like value; arrays repeat a singular child element. */
export function toXmlDocument(root: string, value: unknown): string {
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>\n']
  element(root, value, parts)
  parts.push('\n')
  return parts.join('')
}
