// The XML reader's bounds (namespace declarations, attributes, names, text, time) and its prolog rules,
// with either parse: xml-js's (the default) and sax driven directly (the reference server's, issue 14).
import { describe, expect, it } from 'vitest'
import { NamespaceScope } from '../../../../src/protocols/soap/xml/namespace-scope.js'
import { parseWithSax } from '../../../../src/protocols/soap/xml/parse-with-sax.js'
import {
  type RawXmlParser,
  readXml as readXmlWith,
  type XmlReadLimits,
} from '../../../../src/protocols/soap/xml/read-xml.js'
import {
  childElements,
  resolveQName,
  type XmlElement,
} from '../../../../src/protocols/soap/xml/xml-element.js'
import { XmlReadError, type XmlReadProblem } from '../../../../src/protocols/soap/xml/xml-read-error.js'
import { namespaceFlood } from '../../../support/hostile-server.js'

const parsers: [string, RawXmlParser | undefined][] = [
  ['xml-js', undefined],
  ['sax directly', parseWithSax],
]

describe.each(parsers)('read through %s', (_name, parse) => {
  const readXml = (text: string, limits?: XmlReadLimits) => readXmlWith(text, limits, parse)

  function refusal(text: string, limits?: XmlReadLimits): XmlReadError {
    try {
      readXml(text, limits)
    } catch (error) {
      if (error instanceof XmlReadError) return error
      throw error
    }
    throw new Error(`accepted: ${text.slice(0, 200)}`)
  }

  function expectProblem(text: string, problem: XmlReadProblem, message: RegExp, limits?: XmlReadLimits) {
    const error = refusal(text, limits)
    expect(error.problem).toBe(problem)
    expect(error.message).toMatch(message)
  }

  const declarations = (count: number, prefix = 'p') =>
    Array.from({ length: count }, (_, n) => ` xmlns:${prefix}${n}="urn:${prefix}${n}"`).join('')

  describe('bounds, checked as the parse goes', () => {
    it('namespace declarations on one element: 128 by default', () => {
      expect(() => readXml(`<r${declarations(128)}/>`)).not.toThrow()
      expectProblem(`<r${declarations(129)}/>`, 'namespaces', /an element declares more than 128 namespaces/)
      expectProblem(`<r${declarations(5)}/>`, 'namespaces', /more than 4/, { maxNamespaceDeclarations: 4 })
    })

    it('namespace declarations in the whole document: 50,000 by default', () => {
      const many = (count: number) =>
        `<r>${Array.from({ length: count }, (_, n) => `<c xmlns:m="urn:${n}"/>`).join('')}</r>`
      expect(() => readXml(many(1_000), { maxTotalNamespaceDeclarations: 1_000 })).not.toThrow()
      expectProblem(many(1_001), 'namespaces', /the document declares more than 1000 namespaces/, {
        maxTotalNamespaceDeclarations: 1_000,
      })
    })

    it('attributes on one element (namespace declarations apart): 256 by default', () => {
      const attributes = (count: number) => Array.from({ length: count }, (_, n) => ` a${n}="v"`).join('')
      expect(() => readXml(`<r${attributes(256)}${declarations(100)}/>`)).not.toThrow()
      expectProblem(`<r${attributes(257)}/>`, 'attributes', /an element has more than 256 attributes/)
    })

    it('names: 1,000 characters by default, for elements and attributes', () => {
      const long = 'n'.repeat(1_001)
      expectProblem(`<${long}/>`, 'name', /an element name is longer than 1000 characters/)
      expectProblem(`<r ${long}="v"/>`, 'name', /an attribute name is longer than 1000 characters/)
    })

    it('text, CDATA and attribute values: maxTextLength', () => {
      const limits = { maxTextLength: 100 }
      expect(() => readXml(`<r a="${'v'.repeat(100)}">${'t'.repeat(100)}</r>`, limits)).not.toThrow()
      expectProblem(`<r>${'t'.repeat(101)}</r>`, 'text', /a text node is longer than 100/, limits)
      expectProblem(`<r><![CDATA[${'t'.repeat(101)}]]></r>`, 'text', /a CDATA section is longer/, limits)
      expectProblem(`<r a="${'v'.repeat(101)}"/>`, 'text', /an attribute value is longer/, limits)
    })

    it('a deadline in the past stops the read (the caller maps it to its time limit)', () => {
      const big = `<r>${'<c>t</c>'.repeat(5_000)}</r>`
      expectProblem(big, 'time', /did not finish within the time limit/, { deadline: Date.now() - 1 })
      expect(() => readXml(big, { deadline: Date.now() + 60_000 })).not.toThrow()
    })

    it('the namespace flood (20,000 on the root, one on each of 10,000 children) is refused at once', () => {
      const started = performance.now()
      expectProblem(namespaceFlood(), 'namespaces', /more than 128 namespaces/)
      expect(performance.now() - started).toBeLessThan(1_000)
    })
  })

  describe('namespace scopes are links, not copies', () => {
    /** 100 declarations on the root and on each of 200 children, and one more on each of 8,000 grandchildren. */
    function spread(): string {
      const wide = (n: number) =>
        `<w${declarations(100, `w${n}x`)}>${Array.from({ length: 40 }, (_, m) => `<g xmlns:m="urn:${n}.${m}" a="m:x"/>`).join('')}</w>`
      return `<r${declarations(100)} xmlns="urn:default">${Array.from({ length: 200 }, (_, n) => wide(n)).join('')}</r>`
    }

    it('a document with 28,100 declarations reads in bounded time and memory, and resolves right', () => {
      const text = spread()
      const before = process.memoryUsage().heapUsed
      const started = performance.now()
      const root = readXml(text)
      const ms = performance.now() - started
      const grown = (process.memoryUsage().heapUsed - before) / 1024 / 1024
      expect(ms).toBeLessThan(3_000)
      // Copying the scope per element would hold 8,000 × 200+ bindings; links hold each declaration once.
      expect(grown).toBeLessThan(150)
      const wide = childElements(root)[199]!
      const grandchild = childElements(wide)[39]!
      expect(resolveQName(grandchild, 'm:x')).toEqual({ namespace: 'urn:199.39', local: 'x' })
      expect(resolveQName(grandchild, 'p99:x')).toEqual({ namespace: 'urn:p99', local: 'x' })
      expect(resolveQName(grandchild, 'w199x0:x')).toEqual({ namespace: 'urn:w199x0', local: 'x' })
      expect(resolveQName(grandchild, 'w198x0:x')).toBeUndefined()
      expect(grandchild.name).toEqual({ namespace: 'urn:default', local: 'g' })
      expect(grandchild.namespaces?.size).toBe(1 + 100 + 1 + 100 + 1)
      expect(new Map(grandchild.namespaces).get('xml')).toBe('http://www.w3.org/XML/1998/namespace')
    })

    it('an element that declares nothing new shares its parent scope', () => {
      const root = readXml(`<r xmlns="urn:r" xmlns:a="urn:a"><c xmlns="urn:r"/><d xmlns:a="urn:a"/><e/></r>`)
      const [c, d, e] = childElements(root) as [XmlElement, XmlElement, XmlElement]
      expect(c.namespaces).toBe(root.namespaces)
      expect(d.namespaces).toBe(root.namespaces)
      expect(e.namespaces).toBe(root.namespaces)
      expect(root.namespaces).toBeInstanceOf(NamespaceScope)
    })

    it('a redeclared prefix takes the nearer binding; the default namespace can be undone', () => {
      const root = readXml(`<r xmlns="urn:r" xmlns:a="urn:1"><c xmlns:a="urn:2" xmlns=""><d/></c></r>`)
      const d = childElements(childElements(root)[0]!)[0]!
      expect(d.name).toEqual({ namespace: '', local: 'd' })
      expect(resolveQName(d, 'a:x')).toEqual({ namespace: 'urn:2', local: 'x' })
      expect(Object.fromEntries(d.namespaces!)).toEqual({
        xml: 'http://www.w3.org/XML/1998/namespace',
        '': '',
        a: 'urn:2',
      })
    })
  })

  describe('the prolog', () => {
    const body = '<soap:Envelope xmlns:soap="urn:s"><soap:Body/></soap:Envelope>'

    it.each([
      '<?xml version="1.0"?>',
      "<?xml version='1.0' encoding='utf-8' standalone='yes'?>",
      '<?xml version="1.0"  encoding="UTF-8" ?>\n',
      '\ufeff<?xml version="1.0"?>',
      '',
      '<!-- a comment --> ',
    ])('%j then the document: read', (prolog) => {
      expect(readXml(`${prolog}${body}`).name.local).toBe('Envelope')
    })

    it.each([
      '<?xml version="1.0"<?>',
      '<?xml ver<sion="1.0"?>',
      '<?xml version="1.0" encodng="utf-8"?>',
      '<?xml version="1.0"? >',
      '<?xml version=1.0?>',
      '<?xml version="2.0"?>',
      '<?xml encoding="utf-8" version="1.0"?>',
      '<?xml version="1.0" standalone="maybe"?>',
      '<?xml version="1.0"',
      '<?xml?>',
      '<?XML version="1.0"?>',
      ' <?xml version="1.0"?>',
      '<!-- first --><?xml version="1.0"?>',
    ])('%j: a syntax error', (prolog) => {
      expectProblem(`${prolog}${body}`, 'syntax', /not well-formed XML/)
    })

    it('an XML declaration inside the document is a syntax error, in a comment or CDATA it is text', () => {
      expectProblem(`<r><?xml version="1.0"?></r>`, 'syntax', /may only open the document/)
      expectProblem(`<r/><?xml version="1.0"?>`, 'syntax', /may only open the document/)
      expect(readXml(`<r><!-- <?xml version="1.0"?> --><![CDATA[<?xml ?>]]></r>`).children).toEqual([
        '<?xml ?>',
      ])
    })

    it('processing instructions: refused in a SOAP message, allowed where the caller allows them', () => {
      const styled = `<?xml version="1.0"?><?xml-stylesheet href="a.xsl"?>${body}`
      expectProblem(styled, 'instruction', /processing instructions are not allowed/)
      expect(readXml(styled, { allowInstructions: true }).name.local).toBe('Envelope')
    })
  })
})
