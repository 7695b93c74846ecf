import { escapeControl } from './safe-text.js'
import type { Theme } from './theme.js'
import type { XmlToken } from './xml-tokens.js'

/**
 * One token as displayed: tags rebuilt on one line with single spaces between
 * attributes (whitespace inside a tag is not content); text, CDATA, comments
 * and instructions exactly as written. Control characters are escaped
 * everywhere, names included: a lenient reader takes an ESC in a name.
 */
export function paintXmlToken(token: XmlToken, theme: Theme): string {
  switch (token.kind) {
    case 'open': {
      const attributes = token.attributes.map(
        ({ name, value, quote }) =>
          ` ${theme.attributeName(escapeControl(name))}${theme.punctuation('=')}${theme.attributeValue(quote + escapeControl(value) + quote)}`,
      )
      return `${theme.tag(`<${escapeControl(token.name)}`)}${attributes.join('')}${theme.tag(token.selfClosing ? '/>' : '>')}`
    }
    case 'close':
      return theme.tag(`</${escapeControl(token.name)}>`)
    case 'text':
      return escapeControl(token.raw)
    case 'cdata':
      return `${theme.dim('<![CDATA[')}${escapeControl(token.raw.slice(9, -3))}${theme.dim(']]>')}`
    default:
      return theme.comment(escapeControl(token.raw))
  }
}
