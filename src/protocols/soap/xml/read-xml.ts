import sax from 'sax'
import { type RawNode, resolveNames } from './resolve-names.js'
import type { XmlElement } from './xml-element.js'
import { XmlReadError } from './xml-read-error.js'

export interface XmlReadLimits {
  /** Element nesting limit (default 100). */
  maxDepth?: number
  /** Element count limit (default 100,000). */
  maxElements?: number
  /** Characters (default 10 MiB). */
  maxLength?: number
  /** Processing instructions other than the XML declaration (default refused, as SOAP requires). */
  allowInstructions?: boolean
}

export const defaultXmlLimits = { maxDepth: 100, maxElements: 100_000, maxLength: 10 * 1024 * 1024 } as const

const doctypeMark = /<!DOCTYPE/
/** A well-formed XML declaration: read by the decoder already, so it need not reach sax. */
const declaration =
  /^<\?xml\s+version\s*=\s*(["'])1\.\d+\1(?:\s+encoding\s*=\s*(["'])[A-Za-z][\w.-]*\2)?(?:\s+standalone\s*=\s*(["'])(?:yes|no)\3)?\s*\?>/
/** `&` that does not start one of XML's five entities or a character reference. */
const foreignEntity = /&(?!(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);)/
const hiddenSections = /<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->/g

/**
 * Checks what sax would otherwise let through: a DOCTYPE anywhere (WS-I BP
 * R1008: refused, so no entity is ever declared, let alone expanded) and
 * references to entities XML does not predefine (sax knows HTML's).
 * Only text outside CDATA sections and comments counts.
 */
function precheck(text: string): void {
  const doctype = doctypeMark.test(text)
  const entity = foreignEntity.test(text)
  if (!doctype && !entity) return
  const visible = text.replace(hiddenSections, '')
  if (doctype && doctypeMark.test(visible)) {
    throw new XmlReadError(
      'doctype',
      'the document has a DOCTYPE, which is refused (WS-I Basic Profile R1008)',
    )
  }
  if (entity) {
    const match = foreignEntity.exec(visible)
    if (match !== null) {
      const name = /^&([^\s;&<]{0,40})/.exec(visible.slice(match.index))?.[1] ?? ''
      throw new XmlReadError(
        'syntax',
        name === ''
          ? "a bare '&' is not allowed in XML"
          : `the entity &${name}; is not defined (entities are never expanded)`,
      )
    }
  }
}

/**
 * The sax parse (strict, XML's five entities only) into a raw tree, with the depth and count
 * limits enforced as elements open and the first error ending the parse. Comments are dropped;
 * processing instructions are refused unless allowed (then dropped), except a stray XML
 * declaration, which is dropped. sax is driven directly: through xml-js it cost about a
 * quarter more per envelope.
 */
function parseRaw(text: string, limits: Required<Omit<XmlReadLimits, 'maxLength'>>): RawNode {
  const document: RawNode = { elements: [] }
  const open: RawNode[] = [document]
  let count = 0
  // strictEntities (sax reads it, its types lack it): XML's five entities, not HTML's.
  const parser = sax.parser(true, { strictEntities: true } as sax.SAXOptions)
  const add = (node: RawNode) => {
    const parent = open[open.length - 1]!
    if (parent.elements === undefined) parent.elements = [node]
    else parent.elements.push(node)
  }
  parser.onopentag = (tag) => {
    if (open.length > limits.maxDepth) {
      throw new XmlReadError('depth', `elements are nested deeper than ${limits.maxDepth} levels`)
    }
    if (++count > limits.maxElements) {
      throw new XmlReadError('elements', `the document has more than ${limits.maxElements} elements`)
    }
    const element: RawNode = { type: 'element', name: tag.name }
    const attributes = tag.attributes as Record<string, string>
    for (const _ in attributes) {
      element.attributes = attributes
      break
    }
    add(element)
    open.push(element)
  }
  parser.onclosetag = () => {
    open.pop()
  }
  parser.ontext = (value) => add({ type: 'text', text: value })
  parser.oncdata = (value) => add({ type: 'cdata', cdata: value })
  parser.ondoctype = () => {
    throw new XmlReadError(
      'doctype',
      'the document has a DOCTYPE, which is refused (WS-I Basic Profile R1008)',
    )
  }
  parser.onprocessinginstruction = (instruction) => {
    if (limits.allowInstructions || instruction.name.toLowerCase() === 'xml') return
    throw new XmlReadError('instruction', 'processing instructions are not allowed in a SOAP message')
  }
  parser.onerror = (error) => {
    throw new XmlReadError('syntax', `not well-formed XML: ${error.message.split('\n')[0] ?? 'unreadable'}`)
  }
  parser.write(text).close()
  if (open.length > 1) {
    throw new XmlReadError('syntax', `not well-formed XML: the document ends inside <${open[1]!.name}>`)
  }
  return document
}

function documentElement(raw: RawNode): RawNode {
  const roots = (raw.elements ?? []).filter((node) => node.type === 'element')
  if (roots.length === 0) throw new XmlReadError('syntax', 'not XML: there is no element')
  if (roots.length > 1) throw new XmlReadError('syntax', 'not well-formed XML: more than one root element')
  return roots[0]!
}

/**
 * Parses a whole XML document into the namespace-resolved model, inertly:
 * any DOCTYPE refused, no entity beyond XML's five ever expanded, nesting,
 * element count and length bounded. Throws XmlReadError saying which.
 */
export function readXml(text: string, limits: XmlReadLimits = {}): XmlElement {
  const maxLength = limits.maxLength ?? defaultXmlLimits.maxLength
  if (text.length > maxLength) {
    throw new XmlReadError('size', `the document is longer than ${maxLength} characters`)
  }
  precheck(text)
  const match = declaration.exec(text)
  const raw = parseRaw(match === null ? text : text.slice(match[0].length), {
    maxDepth: limits.maxDepth ?? defaultXmlLimits.maxDepth,
    maxElements: limits.maxElements ?? defaultXmlLimits.maxElements,
    allowInstructions: limits.allowInstructions ?? false,
  })
  return resolveNames(documentElement(raw))
}
