import { describe, expect, it } from 'vitest'
import { xsiNamespace } from '../../../../src/protocols/soap/xml/qname.js'
import { writeXml, writeXmlPieces } from '../../../../src/protocols/soap/xml/write-xml.js'
import {
  attribute,
  element,
  type ReusedElement,
  reusedElement,
  type XmlElement,
} from '../../../../src/protocols/soap/xml/xml-element.js'

const items = 'urn:apictl:items'
const tns = (local: string) => ({ namespace: items, local })
const other = (local: string) => ({ namespace: 'urn:example:other', local })
const nil = attribute({ namespace: xsiNamespace, local: 'nil' }, 'true', 'xsi')

/** An element with everything the writer escapes or declares: special and forbidden characters, a nil (xsi), a QName value. */
function tricky(name: string): XmlElement {
  return element(tns('item'), [
    element(tns('name'), [name], [], 'tns'),
    element(tns('description'), [], [nil]),
    element(tns('note'), ['a & b < c > d ]]> \r \u0000 \ud800 😀 é']),
    element(other('code'), [{ qname: other('Client') }], [attribute(tns('at'), 'q"\t\n<&')]),
  ])
}

/** A reused element that counts its builds. */
function counted(build: () => XmlElement): { node: ReusedElement; builds: () => number } {
  let builds = 0
  const node = reusedElement(() => {
    builds++
    return build()
  })
  return { node, builds: () => builds }
}

const answer = (children: (XmlElement | ReusedElement)[]) =>
  element(tns('ListItemsResponse'), children, [], 'tns')
const prefixes = new Map([[items, 'tns']])

describe('reused elements in the XML writer', () => {
  it('are written exactly as the element they build, the first time and from what was kept', () => {
    const { node, builds } = counted(() => tricky('Pen'))
    const expected = writeXml(answer([tricky('Pen'), tricky('Pen')]), { prefixes })
    expect(writeXml(answer([node, node]), { prefixes })).toBe(expected)
    expect(writeXml(answer([node, node]), { prefixes })).toBe(expected)
    // The namespaces only reused elements use (xsi, the other one) are still declared once on the root.
    expect(expected).toContain('xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"')
    expect(expected.match(/xmlns:/g)).toHaveLength(3)
    expect(expected).toContain('a &amp; b &lt; c &gt; d ]]&gt; &#13; \ufffd \ufffd 😀 é')
    expect(builds()).toBe(1)
  })

  it('are built and written again when their namespaces get other prefixes', () => {
    const { node, builds } = counted(() => tricky('Pen'))
    const first = writeXml(answer([node]), { prefixes })
    // Another document where a third namespace comes first and takes the ns0 the item was written with.
    const lead = element({ namespace: 'urn:example:third', local: 'lead' })
    const shifted = writeXml(answer([lead, node]), { prefixes })
    expect(shifted).toBe(writeXml(answer([lead, tricky('Pen')]), { prefixes }))
    expect(shifted).toContain('<ns1:code')
    expect(builds()).toBe(2)
    expect(writeXml(answer([node]), { prefixes: new Map([[items, 'it']]) })).toBe(
      writeXml(answer([tricky('Pen')]), { prefixes: new Map([[items, 'it']]) }),
    )
    expect(writeXml(answer([node]), { prefixes })).toBe(first)
    expect(builds()).toBe(4)
  })

  it('come out as their UTF-8 bytes among the text pieces, which join to the document', () => {
    const nodes = ['Pen', 'Ink & paper', 'Füller'].map((name) => reusedElement(() => tricky(name)))
    const whole = writeXml(answer(nodes), { prefixes })
    const pieces = writeXmlPieces(answer(nodes), { prefixes })
    expect(pieces.map((piece) => typeof piece)).toEqual(['string', 'object', 'object', 'object', 'string'])
    const bytes = Buffer.concat(
      pieces.map((piece) => (typeof piece === 'string' ? Buffer.from(piece) : piece)),
    )
    expect(bytes.equals(Buffer.from(whole))).toBe(true)
    expect(writeXmlPieces(answer([tricky('Pen')]), { prefixes })).toEqual([
      writeXml(answer([tricky('Pen')]), { prefixes }),
    ])
  })

  it('keep the name check: a bad name fails every write, and nothing is kept of it', () => {
    const { node, builds } = counted(() => element(tns('not a name')))
    expect(() => writeXml(answer([node]))).toThrow(/cannot be an XML element/)
    expect(() => writeXml(answer([node]))).toThrow(/cannot be an XML element/)
    expect(builds()).toBe(1)
    expect(node.written?.bytes).toBeUndefined()
  })
})
