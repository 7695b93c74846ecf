import type { XmlParseLimits } from './xml-limits.js'
import { XmlReadError, type XmlReadProblem } from './xml-read-error.js'

export function tooMany(problem: XmlReadProblem, message: string): never {
  throw new XmlReadError(problem, message)
}

export function refuseDoctype(): never {
  throw new XmlReadError('doctype', 'the document has a DOCTYPE, which is refused (WS-I Basic Profile R1008)')
}

/**
 * The reader's bounds, checked as the parse goes (each element, attribute
 * list and text is checked when the parser hands it over), so a hostile
 * document is refused at the first element that breaks one, before the rest
 * is read. Whichever parser drives it (xml-js, or sax directly) calls
 * `attributes` then `element` for each start tag, `text`/`cdata` for
 * character data and `instruction` for a processing instruction.
 */
export function boundsChecker(limits: XmlParseLimits) {
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
    instruction() {
      if (!limits.allowInstructions) {
        throw new XmlReadError('instruction', 'processing instructions are not allowed in a SOAP message')
      }
    },
    attributes(attributes: Record<string, string>) {
      let own = 0
      let others = 0
      for (const key in attributes) {
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
    /** An element opened at `depth` (the root is 1). */
    element(elementName: string, depth: number) {
      clock()
      name(elementName, 'an element')
      if (depth > limits.maxDepth) {
        tooMany('depth', `elements are nested deeper than ${limits.maxDepth} levels`)
      }
      if (++count > limits.maxElements) {
        tooMany('elements', `the document has more than ${limits.maxElements} elements`)
      }
      return elementName
    },
  }
}
