import { describe, expect, it } from 'vitest'
import { formatXml } from '../../src/render/format-xml.js'
import { stripAnsi } from '../../src/render/text-width.js'
import { xmlToJson } from '../../src/render/xml-to-json.js'

const envelope = `<?xml version="1.0" encoding="UTF-8"?>
<!-- top comment -->
<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><m:GetPriceResponse   xmlns:m="urn:x"
   a='1'><m:Price>1.90 &amp; more</m:Price><m:Note><![CDATA[<b>bold</b>]]></m:Note><m:Empty/><m:Mixed>Hello <b>world</b> again</m:Mixed><?pi data?></m:GetPriceResponse></soap:Body></soap:Envelope>`

describe('formatXml', () => {
  it('indents by two spaces and keeps the declaration, comments, CDATA and instructions', () => {
    expect(formatXml(envelope, { colour: false })).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<!-- top comment -->',
        '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">',
        '  <soap:Body>',
        `    <m:GetPriceResponse xmlns:m="urn:x" a='1'>`,
        '      <m:Price>1.90 &amp; more</m:Price>',
        '      <m:Note><![CDATA[<b>bold</b>]]></m:Note>',
        '      <m:Empty/>',
        '      <m:Mixed>Hello <b>world</b> again</m:Mixed>',
        '      <?pi data?>',
        '    </m:GetPriceResponse>',
        '  </soap:Body>',
        '</soap:Envelope>',
      ].join('\n'),
    )
  })

  it('re-indents an already indented document the same way', () => {
    const once = formatXml(envelope, { colour: false })
    expect(formatXml(once, { colour: false })).toBe(once)
  })

  it('changes no text content', () => {
    const documents = [
      envelope,
      '<a>  spaced  </a>',
      '<a>\n  <b>multi\n  line</b>\n  <c x="&lt;1">t</c>\n</a>',
      '<r><p>one <i>two</i>\n three</p><q><![CDATA[ x ]]></q></r>',
    ]
    for (const document of documents)
      expect(xmlToJson(formatXml(document, { colour: false }))).toEqual(xmlToJson(document))
  })

  it('prints a DOCTYPE as written without expanding its entities', () => {
    const document =
      '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><lolz><a>&lol2;</a></lolz>'
    expect(formatXml(document, { colour: false })).toBe(
      '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>\n<lolz>\n  <a>&lol2;</a>\n</lolz>',
    )
  })

  it('colours tags, attribute names and values', () => {
    const out = formatXml('<a href="x">t</a>', { colour: true })
    expect(out).toContain('\u001b[34m<a\u001b[0m')
    expect(out).toContain('\u001b[36mhref\u001b[0m')
    expect(out).toContain('\u001b[32m"x"\u001b[0m')
    expect(stripAnsi(out)).toBe('<a href="x">t</a>')
  })

  it('escapes terminal control characters in text and attributes', () => {
    const out = formatXml('<a t="\u001b[31m">x\u001b]0;title\u0007</a>', { colour: false })
    expect(out).not.toContain('\u001b')
    expect(out).toBe('<a t="\\u001b[31m">x\\u001b]0;title\\u0007</a>')
  })

  it('escapes control characters and bidi marks in names: elements, attributes, prefixes, close tags', () => {
    const hostile =
      '<m\u001bcx a\u001b7b="1"><p\u009b2J:v>t</p\u009b2J:v><v\u061cw x="1" ></v\u061cw ></m\u001bcx>'
    for (const colour of [false, true]) {
      const out = stripAnsi(formatXml(hostile, { colour }))
      expect(out).toBe(
        [
          '<m\\u001bcx a\\u001b7b="1">',
          '  <p\\u009b2J:v>t</p\\u009b2J:v>',
          '  <v\\u061cw x="1"></v\\u061cw>',
          '</m\\u001bcx>',
        ].join('\n'),
      )
    }
  })

  it('closes elements whose names are not ASCII, or are spaced before `>`', () => {
    expect(formatXml('<a><café>x</café><b >y</b ></a>', { colour: false })).toBe(
      '<a>\n  <café>x</café>\n  <b>y</b>\n</a>',
    )
  })

  it('returns input that is not well-formed unchanged', () => {
    const broken = [
      '<a><b></a></b>',
      '<a>',
      '</a>',
      'not xml',
      '<a x=1/>',
      '<a><!-- open',
      '<a/><b/>',
      'text<a/>',
      '',
      '{"json": true}',
      '<a><!DOCTYPE x></a>',
    ]
    for (const text of broken) expect(formatXml(text, { colour: true })).toBe(text)
  })

  it('shows documents nested deeper than 200 elements as received', () => {
    const deep = `${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}`
    expect(formatXml(deep, { colour: false })).toBe(deep)
    const fine = `${'<a>'.repeat(200)}x${'</a>'.repeat(200)}`
    expect(formatXml(fine, { colour: false }).split('\n')).toHaveLength(399)
  })
})
