import { xml2js } from 'xml-js'
import { type RawNode, resolveNames } from './resolve-names.js'
import { afterDeclaration, checkWellFormed } from './well-formed.js'
import { boundsChecker, refuseDoctype, tooMany } from './xml-bounds.js'
import type { XmlElement } from './xml-element.js'
import { defaultXmlLimits, type XmlParseLimits, type XmlReadLimits } from './xml-limits.js'
import { XmlReadError } from './xml-read-error.js'

export { defaultXmlLimits, type XmlParseLimits, type XmlReadLimits } from './xml-limits.js'

/**
 * A parse of the text (its declaration already checked and removed) into
 * xml-js's raw tree, enforcing every bound as it goes (see boundsChecker):
 * xml-js's own (the default), or one driving sax directly (parseWithSax).
 */
export type RawXmlParser = (text: string, limits: XmlParseLimits) => RawNode

/** The sax parse through xml-js, with every bound enforced as the parse goes. */
function parseWithXmlJs(text: string, limits: XmlParseLimits): RawNode {
  const bounds = boundsChecker(limits)
  // xml-js hands over an element's parent, not its depth: a parent without a
  // recorded depth has no children yet, so it is the element opened last.
  const depthOf = new Map<object, number>()
  let lastDepth = 0
  try {
    return xml2js(text, {
      compact: false,
      captureSpacesBetweenElements: true,
      ignoreComment: true,
      ignoreDeclaration: true,
      doctypeFn: () => refuseDoctype(),
      instructionFn: (value: string) => {
        bounds.instruction()
        return value
      },
      attributesFn: bounds.attributes,
      elementNameFn: (name: string, parent: object) => {
        let parentDepth = depthOf.get(parent)
        if (parentDepth === undefined) {
          parentDepth = depthOf.size === 0 ? 0 : lastDepth
          depthOf.set(parent, parentDepth)
        }
        lastDepth = parentDepth + 1
        return bounds.element(name, lastDepth)
      },
      textFn: bounds.text,
      cdataFn: bounds.cdata,
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
 * any DOCTYPE refused, no entity beyond XML's five ever expanded, a
 * malformed XML declaration refused; nesting, element count, length,
 * attributes, names, text and namespace declarations bounded, and checked as
 * the parse goes. Throws XmlReadError saying which.
 */
export function readXml(
  text: string,
  limits: XmlReadLimits = {},
  parse: RawXmlParser = parseWithXmlJs,
): XmlElement {
  const maxLength = limits.maxLength ?? defaultXmlLimits.maxLength
  if (text.length > maxLength) {
    throw new XmlReadError('size', `the document is longer than ${maxLength} characters`)
  }
  const body = afterDeclaration(text)
  checkWellFormed(body)
  const bounds = parseLimits(limits, maxLength)
  countDeclarations(body, bounds.maxTotalNamespaceDeclarations)
  return resolveNames(documentElement(parse(body, bounds)))
}

const declarationMark = /[ \t\r\n]xmlns[:=]/g

/**
 * The total of namespace declarations, counted on the text before sax reads
 * any of it: a flood (tens of thousands on one start tag) is refused in a
 * few milliseconds, not after sax has built the tag's attributes. The count
 * may include text that merely looks like a declaration, never less.
 */
function countDeclarations(text: string, limit: number): void {
  declarationMark.lastIndex = 0
  let count = 0
  while (declarationMark.exec(text) !== null) {
    if (++count > limit) tooMany('namespaces', `the document declares more than ${limit} namespaces`)
  }
}

/**
 * Every bound, the caller's or the default, in one object of a fixed shape
 * (spreading the caller's object cost a sixth of a small envelope's read).
 */
function parseLimits(limits: XmlReadLimits, maxLength: number): XmlParseLimits {
  return {
    maxDepth: limits.maxDepth ?? defaultXmlLimits.maxDepth,
    maxElements: limits.maxElements ?? defaultXmlLimits.maxElements,
    maxLength,
    maxAttributes: limits.maxAttributes ?? defaultXmlLimits.maxAttributes,
    maxNamespaceDeclarations: limits.maxNamespaceDeclarations ?? defaultXmlLimits.maxNamespaceDeclarations,
    maxTotalNamespaceDeclarations:
      limits.maxTotalNamespaceDeclarations ?? defaultXmlLimits.maxTotalNamespaceDeclarations,
    maxNameLength: limits.maxNameLength ?? defaultXmlLimits.maxNameLength,
    maxTextLength: limits.maxTextLength ?? maxLength,
    allowInstructions: limits.allowInstructions ?? false,
    deadline: limits.deadline ?? Number.POSITIVE_INFINITY,
  }
}
