import { xml2js } from 'xml-js'
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

/** The sax parse through xml-js, with the depth and count limits enforced as elements open. */
function parseRaw(text: string, limits: Required<Omit<XmlReadLimits, 'maxLength'>>): RawNode {
  const depthOf = new Map<object, number>()
  let lastDepth = 0
  let count = 0
  try {
    return xml2js(text, {
      compact: false,
      captureSpacesBetweenElements: true,
      doctypeFn: () => {
        throw new XmlReadError(
          'doctype',
          'the document has a DOCTYPE, which is refused (WS-I Basic Profile R1008)',
        )
      },
      instructionFn: (value: string) => {
        if (limits.allowInstructions) return value
        throw new XmlReadError('instruction', 'processing instructions are not allowed in a SOAP message')
      },
      elementNameFn: (name: string, parent: object) => {
        // A parent without a recorded depth has no children yet, so it is the
        // element opened last: its depth is the last one handed out.
        let parentDepth = depthOf.get(parent)
        if (parentDepth === undefined) {
          parentDepth = count === 0 ? 0 : lastDepth
          depthOf.set(parent, parentDepth)
        }
        lastDepth = parentDepth + 1
        if (lastDepth > limits.maxDepth) {
          throw new XmlReadError('depth', `elements are nested deeper than ${limits.maxDepth} levels`)
        }
        if (++count > limits.maxElements) {
          throw new XmlReadError('elements', `the document has more than ${limits.maxElements} elements`)
        }
        return name
      },
    } as never) as RawNode
  } catch (error) {
    if (error instanceof XmlReadError) throw error
    const reason = (error as Error).message.split('\n')[0] ?? 'unreadable'
    throw new XmlReadError('syntax', `not well-formed XML: ${reason}`)
  }
}

function documentElement(raw: RawNode): RawNode {
  const roots = (raw.elements ?? []).filter((node) => node.type === 'element')
  if (roots.length === 0) throw new XmlReadError('syntax', 'not XML: there is no element')
  if (roots.length > 1) throw new XmlReadError('syntax', 'not well-formed XML: more than one root element')
  const root = roots[0]!
  // xml-js drops `parent` from an element when it closes; sax does not complain about a cut-off end.
  if (Object.hasOwn(root, 'parent')) {
    throw new XmlReadError('syntax', `not well-formed XML: the document ends inside <${root.name}>`)
  }
  return root
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
