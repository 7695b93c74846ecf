// sax driven directly (the reference server's parse, issue 14) reads what xml-js reads, into the
// same model, and refuses what xml-js refuses: checked on every one-character deletion, insertion
// and truncation of a few documents. A refusal names the same rule, except that sax driven directly
// stops at the first syntax error, where xml-js lets sax read on and may trip over a bound first.
import { describe, expect, it } from 'vitest'
import { parseWithSax } from '../../../../src/protocols/soap/xml/parse-with-sax.js'
import { readXml, type XmlReadLimits } from '../../../../src/protocols/soap/xml/read-xml.js'
import { isElement, type XmlElement, type XmlNode } from '../../../../src/protocols/soap/xml/xml-element.js'
import { XmlReadError } from '../../../../src/protocols/soap/xml/xml-read-error.js'

/** The model as plain data: names, attributes, children, and the bindings in scope. */
function plain(node: XmlNode): unknown {
  if (!isElement(node)) return node
  const element: XmlElement = node
  return {
    name: element.name,
    prefix: element.prefix,
    attributes: element.attributes,
    namespaces: Object.fromEntries(element.namespaces ?? []),
    children: element.children.map(plain),
  }
}

/** What a parse gives: the model, or the refusal's problem and message. */
function outcome(text: string, limits: XmlReadLimits, sax: boolean): unknown {
  try {
    return plain(readXml(text, limits, sax ? parseWithSax : undefined))
  } catch (error) {
    if (!(error instanceof XmlReadError)) throw error
    return { problem: error.problem }
  }
}

const documents = [
  '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:tns="urn:apictl:items"><soap:Header><wsse:Security xmlns:wsse="urn:w" soap:mustUnderstand="1"><wsse:UsernameToken><wsse:Username>demo</wsse:Username></wsse:UsernameToken></wsse:Security></soap:Header><soap:Body><tns:GetItem><tns:id>1</tns:id></tns:GetItem></soap:Body></soap:Envelope>',
  '<r xmlns="urn:r" a="1" b=\'&amp;&lt;&#65;\'>\n  <c xmlns:p="urn:p" p:x="y">t&gt;<![CDATA[<raw>]]><!-- c --></c>\n  <p:d xmlns:p="urn:q"/>\n</r>\n',
  // Namespace errors (an attribute twice under two prefixes, an undeclared prefix): refused after the parse.
  '<r xmlns:p="urn:x" xmlns:q="urn:x"><p:c p:a="1" q:a="2"/><u:d/>t</r>',
]

/** Every one-character deletion, every insertion of a markup character, every truncation. */
function variants(text: string): string[] {
  const out: string[] = []
  for (let index = 0; index <= text.length; index++) {
    out.push(text.slice(0, index))
    if (index < text.length) out.push(text.slice(0, index) + text.slice(index + 1))
    for (const inserted of ['<', '>', '&', '"', '/', ':', ' ', '=']) {
      out.push(text.slice(0, index) + inserted + text.slice(index))
    }
  }
  return out
}

describe('parseWithSax against xml-js', () => {
  it.each(documents.map((text, index) => [index, text]))('document %i and its variants', (_index, text) => {
    const limits = { maxDepth: 4, maxAttributes: 2, maxNameLength: 20, maxTextLength: 40 }
    const differences: string[] = []
    let refused = 0
    for (const variant of variants(text as string)) {
      const viaXmlJs = outcome(variant, limits, false)
      const viaSax = outcome(variant, limits, true)
      if ((viaXmlJs as { problem?: string }).problem !== undefined) refused++
      const problem = (viaSax as { problem?: string }).problem
      const expected =
        problem === 'syntax' && (viaXmlJs as { problem?: string }).problem !== undefined ? viaSax : viaXmlJs
      try {
        expect(viaSax).toEqual(expected)
      } catch {
        differences.push(
          `${JSON.stringify(variant)}: ${JSON.stringify(viaXmlJs)} / ${JSON.stringify(viaSax)}`,
        )
      }
    }
    expect(differences.slice(0, 10)).toEqual([])
    // The variants do reach both outcomes.
    expect(refused).toBeGreaterThan(100)
  })

  it('a bound is refused by either parse with the same message', () => {
    const deep = `<a>${'<a>'.repeat(5)}${'</a>'.repeat(6)}`
    for (const sax of [false, true]) {
      expect(() => readXml(deep, { maxDepth: 5 }, sax ? parseWithSax : undefined)).toThrow(
        /elements are nested deeper than 5 levels/,
      )
    }
  })
})
