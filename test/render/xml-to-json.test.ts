import { describe, expect, it } from 'vitest'
import { ResponseError } from '../../src/core/errors.js'
import { ExitCode } from '../../src/core/exit-codes.js'
import { xmlToJson } from '../../src/render/xml-to-json.js'

function failure(text: string): ResponseError {
  try {
    xmlToJson(text)
  } catch (error) {
    expect(error).toBeInstanceOf(ResponseError)
    return error as ResponseError
  }
  throw new Error('expected xmlToJson to throw')
}

describe('xmlToJson', () => {
  it('maps elements to fields, repeats to arrays, attributes to @fields and text to strings', () => {
    const document = `<?xml version="1.0"?>
<!-- dropped -->
<catalog version="2" xmlns:x="urn:x">
  <book id="1"><title>Dune &amp; more</title><tag>a</tag><tag>b</tag></book>
  <x:empty/>
  <note lang="en">hi &#233;&#x1F600; &unknown;</note>
  <mixed>one <b>two</b> three</mixed>
  <code><![CDATA[a < b & c]]></code>
</catalog>`
    expect(xmlToJson(document)).toEqual({
      catalog: {
        '@version': '2',
        '@xmlns:x': 'urn:x',
        book: { '@id': '1', title: 'Dune & more', tag: ['a', 'b'] },
        'x:empty': '',
        note: { '@lang': 'en', '#text': 'hi é😀 &unknown;' },
        mixed: { b: 'two', '#text': 'one three' },
        code: 'a < b & c',
      },
    })
  })

  it('keeps element text exactly when an element holds only text', () => {
    expect(xmlToJson('<a>  two  spaces\n</a>')).toEqual({ a: '  two  spaces\n' })
  })

  it('treats __proto__ as an ordinary element name', () => {
    const value = xmlToJson('<__proto__><__proto__ polluted="yes"/></__proto__>') as Record<string, unknown>
    expect(Object.keys(value)).toEqual(['__proto__'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(JSON.stringify(value)).toBe('{"__proto__":{"__proto__":{"@polluted":"yes"}}}')
  })

  it('refuses a DOCTYPE, so entity expansion never happens', () => {
    const billionLaughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;">]><lolz>&lol1;</lolz>'
    const error = failure(billionLaughs)
    expect(error.message).toMatch(/DOCTYPE is not allowed/)
    expect(error.exitCode).toBe(ExitCode.BadResponse)
    expect(failure('<!DOCTYPE a SYSTEM "file:///etc/passwd"><a>&xxe;</a>').message).toMatch(
      /DOCTYPE is not allowed/,
    )
    expect(failure('<!doctype html><html></html>').message).toMatch(/DOCTYPE is not allowed/)
  })

  it('bounds nesting depth at 200 elements', () => {
    expect(xmlToJson(`${'<a>'.repeat(200)}x${'</a>'.repeat(200)}`)).toBeTruthy()
    expect(failure(`${'<a>'.repeat(201)}x${'</a>'.repeat(201)}`).message).toMatch(/deeper than 200/)
    expect(failure(`${'<a>'.repeat(1_000_000)}`).message).toMatch(/deeper than 200/)
  })

  it('reports markup that is not well-formed with where it broke', () => {
    expect(failure('<a>\n<b></a>').message).toMatch(/not well-formed: Unexpected <\/a>/)
    expect(failure('<a>\n  <b x=1/></a>').message).toMatch(/line 2, column 5/)
    expect(failure('<a/><b/>').message).toMatch(/More than one root/)
    expect(failure('').message).toMatch(/No root element/)
    expect(failure('<a>').message).toMatch(/never closed/)
    expect(failure('<a/>trailing').message).toMatch(/Text outside/)
  })
})
