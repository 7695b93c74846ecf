import sax from 'sax'
import type { RawNode } from './resolve-names.js'
import { boundsChecker, refuseDoctype } from './xml-bounds.js'
import type { XmlParseLimits } from './xml-limits.js'
import { XmlReadError } from './xml-read-error.js'

// strictEntities: XML's five entities only, not HTML's (well-formed.ts refuses any other before the parse).
// position: off, as nothing reads sax's line and column (a refusal names the rule, not the place).
const options = { strictEntities: true, position: false } as sax.SAXOptions

function syntaxError(error: Error): XmlReadError {
  return new XmlReadError('syntax', `not well-formed XML: ${error.message.split('\n')[0] ?? 'unreadable'}`)
}

/**
 * The parse readXml does through xml-js, driving xml-js's own parser (sax,
 * strict) directly: the same raw tree (xml-js's non-compact shape, spaces
 * between elements kept, comments and the XML declaration dropped) and the
 * same bounds (boundsChecker, called as xml-js calls it), without xml-js's
 * layer on every call (its option checks, key lookups, `parent` links
 * added and deleted). The first syntax error ends the parse (xml-js lets
 * sax go on and reports the last one); a document cut off inside an element
 * is one (sax's "Unclosed root tag"). The reference server reads its
 * requests this way (issue 14; docs/decisions.md has the figures).
 */
export function parseWithSax(text: string, limits: XmlParseLimits): RawNode {
  const bounds = boundsChecker(limits)
  const document: RawNode = { elements: [] }
  const open: RawNode[] = [document]
  let current: RawNode = document
  const add = (node: RawNode) => {
    if (current.elements === undefined) current.elements = [node]
    else current.elements.push(node)
  }
  const parser = sax.parser(true, options)
  parser.onopentag = (tag) => {
    const attributes = bounds.attributes(tag.attributes as Record<string, string>)
    const name = bounds.element(tag.name, open.length)
    const element: RawNode = { type: 'element', name }
    for (const _ in attributes) {
      element.attributes = attributes
      break
    }
    add(element)
    open.push(element)
    current = element
  }
  parser.onclosetag = () => {
    open.pop()
    current = open[open.length - 1]!
  }
  parser.ontext = (value) => add({ type: 'text', text: bounds.text(value) })
  parser.oncdata = (value) => add({ type: 'cdata', cdata: bounds.cdata(value) })
  parser.ondoctype = () => refuseDoctype()
  parser.onprocessinginstruction = (instruction) => {
    // xml-js drops a declaration sax reads as an instruction; well-formed.ts allows none past the start.
    if (instruction.name.toLowerCase() !== 'xml') bounds.instruction()
  }
  parser.onerror = (error) => {
    throw syntaxError(error)
  }
  try {
    parser.write(text).close()
  } catch (error) {
    if (error instanceof XmlReadError) throw error
    throw syntaxError(error as Error)
  }
  return document
}
