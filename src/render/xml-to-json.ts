import { ResponseError } from '../core/errors.js'
import { maxXmlDepth, type XmlAttribute, XmlSyntaxError, type XmlToken, xmlTokens } from './xml-tokens.js'

interface Frame {
  name: string
  attributes: XmlAttribute[]
  children: Map<string, unknown[]>
  texts: string[]
}

const namedEntities: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

/** The five predefined entities and character references; any other `&name;` stays as written. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, name: string) => {
    if (!name.startsWith('#')) return namedEntities[name] ?? whole
    const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10)
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
  })
}

/** Sets a field even when the name is `__proto__`. */
function setField(target: Record<string, unknown>, name: string, value: unknown): void {
  Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true })
}

function elementValue(frame: Frame): unknown {
  const exactText = frame.texts.join('')
  if (frame.attributes.length === 0 && frame.children.size === 0) return exactText
  const result: Record<string, unknown> = {}
  for (const attribute of frame.attributes)
    setField(result, `@${attribute.name}`, decodeEntities(attribute.value))
  for (const [name, values] of frame.children)
    setField(result, name, values.length === 1 ? values[0] : values)
  const text =
    frame.children.size === 0
      ? exactText
      : frame.texts
          .map((part) => part.trim())
          .filter((part) => part !== '')
          .join(' ')
  if (text !== '') setField(result, '#text', text)
  return result
}

function childText(token: Extract<XmlToken, { kind: 'text' | 'cdata' }>): string {
  return token.kind === 'cdata' ? token.raw.slice(9, -3) : decodeEntities(token.raw)
}

function convert(tokens: Iterable<XmlToken>): unknown {
  const stack: Frame[] = []
  let root: Record<string, unknown> | undefined
  for (const token of tokens) {
    const parent = stack.at(-1)
    if (token.kind === 'doctype') {
      throw new ResponseError(
        'The XML body declares a DOCTYPE: DOCTYPE is not allowed (DTDs are never processed)',
        {
          hint: 'Use -o raw or -o xml to see the body as received',
        },
      )
    }
    if (token.kind === 'text' || token.kind === 'cdata') {
      if (parent !== undefined) parent.texts.push(childText(token))
      else if (token.kind === 'cdata' || token.raw.trim() !== '')
        throw new XmlSyntaxError('Text outside the root element')
      continue
    }
    if (token.kind === 'comment' || token.kind === 'instruction') continue
    let finished: Frame | undefined
    if (token.kind === 'open') {
      if (parent === undefined && root !== undefined) throw new XmlSyntaxError('More than one root element')
      if (stack.length >= maxXmlDepth) {
        throw new ResponseError(`The XML body is nested deeper than ${maxXmlDepth} elements`, {
          hint: 'Use -o raw to see the body as received',
        })
      }
      const frame: Frame = { name: token.name, attributes: token.attributes, children: new Map(), texts: [] }
      if (token.selfClosing) finished = frame
      else stack.push(frame)
    } else {
      if (parent?.name !== token.name) throw new XmlSyntaxError(`Unexpected </${token.name}>`)
      finished = stack.pop()
    }
    if (finished === undefined) continue
    const value = elementValue(finished)
    const holder = stack.at(-1)
    if (holder === undefined) {
      root = {}
      setField(root, finished.name, value)
    } else {
      const siblings = holder.children.get(finished.name)
      if (siblings === undefined) holder.children.set(finished.name, [value])
      else siblings.push(value)
    }
  }
  if (stack.length > 0) throw new XmlSyntaxError(`<${stack.at(-1)!.name}> is never closed`)
  if (root === undefined) throw new XmlSyntaxError('No root element')
  return root
}

/**
 * A compact JSON view of an XML document for `-o json`: `{ root: ... }`;
 * an element with only text becomes that string, otherwise an object with
 * `@attribute` fields, child elements by name (repeated names become arrays)
 * and `#text`. Comments and instructions are dropped. A DOCTYPE, nesting
 * deeper than 200 or markup that is not well-formed throws a ResponseError.
 */
export function xmlToJson(text: string): unknown {
  try {
    return convert(xmlTokens(text))
  } catch (error) {
    if (!(error instanceof XmlSyntaxError)) throw error
    throw new ResponseError(`The XML body is not well-formed: ${error.message}`, {
      hint: 'Use -o raw to see the body as received',
      cause: error,
    })
  }
}
