import { DOMParser, type Element as XmlElement, type Node as XmlNode } from '@xmldom/xmldom'
import * as xpath from 'xpath'
import { numberInDocumentOrder } from './document-order.js'

/** The prefixes an XPath may use without the document declaring them. */
const WELL_KNOWN: Record<string, string> = {
  soap: 'http://schemas.xmlsoap.org/soap/envelope/',
  soapenv: 'http://schemas.xmlsoap.org/soap/envelope/',
  soap12: 'http://www.w3.org/2003/05/soap-envelope',
  env: 'http://www.w3.org/2003/05/soap-envelope',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
  xsd: 'http://www.w3.org/2001/XMLSchema',
}

/**
 * The most nodes an XPath searches: xpath's node sets check each node they
 * add against every node already in (50,000 nodes: about 2.6 s; 200,000: 45 s).
 */
const XPATH_NODE_LIMIT = 50_000

/** How many elements are looked at for namespace declarations (the first ones hold them in practice). */
const DECLARATION_SCAN = 2_000

/** `xmlns:prefix` declarations in the document, the first one of each prefix winning. */
function declaredPrefixes(document: XmlNode): Record<string, string> {
  const found: Record<string, string> = {}
  const stack: XmlNode[] = [document]
  let seen = 0
  while (stack.length > 0 && seen++ < DECLARATION_SCAN) {
    const node = stack.pop()!
    const attributes = (node as XmlElement).attributes
    for (let index = 0; attributes && index < attributes.length; index++) {
      const attribute = attributes[index]!
      const prefix = attribute.localName ?? ''
      if (attribute.prefix === 'xmlns' && !(prefix in found)) found[prefix] = attribute.value
    }
    for (let child = node.lastChild; child; child = child.previousSibling)
      if (child.nodeType === 1) stack.push(child)
  }
  return found
}

/** The parsed document, or the first parse problem in words. */
function parseXml(xml: string): XmlNode | string {
  const problems: string[] = []
  try {
    const document = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') problems.push(message)
      },
    }).parseFromString(xml, 'text/xml')
    if (problems.length === 0 && document.documentElement) return document
  } catch (error) {
    problems.push((error as Error).message)
  }
  return problems[0]?.split('\n')[0] ?? 'no element'
}

function nodeValue(node: unknown): unknown {
  if (node !== null && typeof node === 'object' && 'textContent' in node)
    return (node as XmlNode).textContent ?? ''
  return node
}

/**
 * The value of an XPath over an XML body (xpath over @xmldom/xmldom): a
 * node's text, a number, string or boolean the expression computes, the list
 * of texts when several nodes match, undefined when none does. Prefixes: the
 * answer's (`namespaces`), the document's own declarations, and soap/soap12/
 * env/xsi/xsd.
 */
export function readXPath(
  xml: string,
  expression: string,
  namespaces: Record<string, string> = {},
): { value: unknown } | { problem: string } {
  const document = parseXml(xml)
  if (typeof document === 'string') return { problem: `the body is not XML (${document})` }
  if (!numberInDocumentOrder(document, XPATH_NODE_LIMIT)) {
    return {
      problem: `the body has over ${XPATH_NODE_LIMIT.toLocaleString('en')} XML nodes: too many to search with XPath`,
    }
  }
  const select = xpath.useNamespaces({ ...WELL_KNOWN, ...declaredPrefixes(document), ...namespaces })
  try {
    const result = select(expression, document as unknown as Node)
    if (!Array.isArray(result)) return { value: result }
    const values = result.map(nodeValue)
    return { value: values.length <= 1 ? values[0] : values }
  } catch (error) {
    return { problem: `bad XPath ${expression}: ${(error as Error).message}` }
  }
}
