import { xml2js } from 'xml-js'
import { type RawNode, resolveNames } from './resolve-names.js'
import { afterDeclaration, checkWellFormed } from './well-formed.js'
import type { XmlElement } from './xml-element.js'
import { defaultXmlLimits } from './xml-limits.js'
import { XmlReadError, type XmlReadProblem } from './xml-read-error.js'

export interface XmlReadLimits {
  /** Element nesting limit (default 100). */
  maxDepth?: number
  /** Element count limit (default 100,000). */
  maxElements?: number
  /** Characters (default 10 MiB). */
  maxLength?: number
  /** Attributes on one element, namespace declarations not counted (default 256). */
  maxAttributes?: number
  /** Namespace declarations on one element (default 128). */
  maxNamespaceDeclarations?: number
  /** Namespace declarations in the whole document (default 50,000). */
  maxTotalNamespaceDeclarations?: number
  /** Characters in an element or attribute name, prefix included (default 1,000). */
  maxNameLength?: number
  /** Characters in one text node, CDATA section or attribute value (default: maxLength). */
  maxTextLength?: number
  /** Processing instructions other than the XML declaration (default refused, as SOAP requires). */
  allowInstructions?: boolean
  /**
   * A time (Date.now()) after which reading stops with XmlReadError('time'):
   * the caller's time limit holds while a large document is read.
   */
  deadline?: number
}

export { defaultXmlLimits } from './xml-limits.js'

type Limits = Required<Omit<XmlReadLimits, 'deadline'>> & { deadline: number }

function tooMany(problem: XmlReadProblem, message: string): never {
  throw new XmlReadError(problem, message)
}

/**
 * Bounds checked as the parse goes (each element, attribute list and text
 * is checked when sax hands it over), so a hostile document is refused at
 * the first element that breaks one, before the rest is read.
 */
function boundsChecker(limits: Limits) {
  const depthOf = new Map<object, number>()
  let lastDepth = 0
  let count = 0
  let declarations = 0
  let steps = 0
  const clock = () => {
    if ((++steps & 1023) === 0 && Date.now() > limits.deadline) {
      tooMany('time', 'reading the document did not finish within the time limit')
    }
  }
  const name = (text: string, what: string) => {
    if (text.length > limits.maxNameLength) {
      tooMany('name', `${what} name is longer than ${limits.maxNameLength} characters`)
    }
  }
  const text = (value: string, what: string) => {
    clock()
    if (value.length > limits.maxTextLength) {
      tooMany('text', `${what} is longer than ${limits.maxTextLength} characters`)
    }
    return value
  }
  return {
    text: (value: string) => text(value, 'a text node'),
    cdata: (value: string) => text(value, 'a CDATA section'),
    attributes(attributes: Record<string, string>) {
      let own = 0
      let others = 0
      for (const key of Object.keys(attributes)) {
        name(key, 'an attribute')
        text(attributes[key]!, 'an attribute value')
        if (key === 'xmlns' || key.startsWith('xmlns:')) own++
        else others++
      }
      if (own > limits.maxNamespaceDeclarations) {
        tooMany('namespaces', `an element declares more than ${limits.maxNamespaceDeclarations} namespaces`)
      }
      declarations += own
      if (declarations > limits.maxTotalNamespaceDeclarations) {
        tooMany(
          'namespaces',
          `the document declares more than ${limits.maxTotalNamespaceDeclarations} namespaces`,
        )
      }
      if (others > limits.maxAttributes) {
        tooMany('attributes', `an element has more than ${limits.maxAttributes} attributes`)
      }
      return attributes
    },
    element(elementName: string, parent: object) {
      clock()
      name(elementName, 'an element')
      // A parent without a recorded depth has no children yet, so it is the
      // element opened last: its depth is the last one handed out.
      let parentDepth = depthOf.get(parent)
      if (parentDepth === undefined) {
        parentDepth = count === 0 ? 0 : lastDepth
        depthOf.set(parent, parentDepth)
      }
      lastDepth = parentDepth + 1
      if (lastDepth > limits.maxDepth) {
        tooMany('depth', `elements are nested deeper than ${limits.maxDepth} levels`)
      }
      if (++count > limits.maxElements) {
        tooMany('elements', `the document has more than ${limits.maxElements} elements`)
      }
      return elementName
    },
  }
}

/** The sax parse through xml-js, with every bound enforced as the parse goes. */
function parseRaw(text: string, limits: Limits): RawNode {
  const bounds = boundsChecker(limits)
  try {
    return xml2js(text, {
      compact: false,
      captureSpacesBetweenElements: true,
      ignoreComment: true,
      ignoreDeclaration: true,
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
      attributesFn: bounds.attributes,
      elementNameFn: bounds.element,
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
export function readXml(text: string, limits: XmlReadLimits = {}): XmlElement {
  const maxLength = limits.maxLength ?? defaultXmlLimits.maxLength
  if (text.length > maxLength) {
    throw new XmlReadError('size', `the document is longer than ${maxLength} characters`)
  }
  const body = afterDeclaration(text)
  checkWellFormed(body)
  const bounds: Limits = {
    ...defaultXmlLimits,
    maxTextLength: maxLength,
    allowInstructions: false,
    ...withoutUndefined(limits),
    maxLength,
    deadline: limits.deadline ?? Number.POSITIVE_INFINITY,
  }
  countDeclarations(body, bounds.maxTotalNamespaceDeclarations)
  return resolveNames(documentElement(parseRaw(body, bounds)))
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

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as Partial<T>
}
