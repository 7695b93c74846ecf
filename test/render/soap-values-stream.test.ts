import { describe, expect, it } from 'vitest'
import type { HttpResponse } from '../../src/core/exchange.js'
import { decodeSoapResponse } from '../../src/protocols/soap/client/decode-soap-response.js'
import type { ParameterDescription } from '../../src/protocols/soap/client/service-description.js'
import { typedValues } from '../../src/protocols/soap/client/typed-values.js'
import { SoapValuesStream } from '../../src/render/soap-values-stream.js'
import { XmlByteTokenizer } from '../../src/render/xml-byte-tokenizer.js'

const p = (name: string, more: Partial<ParameterDescription> = {}): ParameterDescription => ({
  name,
  namespace: 'urn:t',
  type: more.base ?? 'string',
  minOccurs: 0,
  maxOccurs: 1,
  ...more,
})

/** ListItemsResponse: total (int), items { item* { id int, price decimal, ok boolean, tag*, note } }, warning*. */
const parameters: ParameterDescription[] = [
  p('total', { base: 'int' }),
  p('items', {
    children: [
      p('item', {
        maxOccurs: 'unbounded',
        children: [
          p('id', { base: 'int' }),
          p('price', { base: 'decimal' }),
          p('ok', { base: 'boolean' }),
          p('tag', { maxOccurs: 'unbounded' }),
          p('note'),
        ],
      }),
    ],
  }),
  p('warning', { maxOccurs: 'unbounded' }),
  p('after'),
]

const item = (n: number) =>
  `<t:item><t:id>${n}</t:id><t:price>${n}.5</t:price><t:ok>${n % 2 === 0}</t:ok>` +
  `${n % 3 === 0 ? '' : `<t:tag>a&amp;b</t:tag>`}${n % 4 === 0 ? '<t:note xsi:nil="true"/>' : `<t:note><![CDATA[<n${n}>]]></t:note>`}</t:item>`

const envelope = (body: string) =>
  '<?xml version="1.0"?>\n<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/" ' +
  'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><s:Header><t:h xmlns:t="urn:h">x</t:h></s:Header>' +
  `<s:Body><t:ListItemsResponse xmlns:t="urn:t">${body}</t:ListItemsResponse></s:Body></s:Envelope>`

const documents: Record<string, string> = {
  'a long described list, a missing list': envelope(
    `<t:total>40</t:total><t:items>${Array.from({ length: 40 }, (_, n) => item(n)).join('')}</t:items><t:after>z</t:after>`,
  ),
  'one item of a described list, and the missing list before a later field': envelope(
    `<t:items>${item(1)}</t:items><t:after>z</t:after>`,
  ),
  'names the description does not know: one, then a run of them': envelope(
    '<t:x>1</t:x><t:y>a</t:y><t:y>b</t:y><t:y>c</t:y><t:z><t:w>deep</t:w></t:z>',
  ),
  'text only': envelope('  hello  '),
  'empty result': envelope(''),
}

/** What the whole-envelope reader and typedValues make of the document (printSoapOutcome's -o json value). */
function wholeValue(text: string): unknown {
  const response: HttpResponse = {
    status: 200,
    statusText: 'OK',
    headers: { 'content-type': 'text/xml; charset=utf-8' },
    body: Buffer.from(text),
    url: 'http://x/',
    httpVersion: '1.1',
    timings: { total: 1 },
  }
  const outcome = decodeSoapResponse(response)
  if (outcome.kind !== 'result') throw new Error(`not a result: ${outcome.kind}`)
  return { operation: outcome.operation.local, result: typedValues(outcome.values, parameters) }
}

function streamed(text: string, window: number, piece: number): string {
  let json = ''
  const values = new SoapValuesStream(parameters, (part) => (json += part), window)
  const tokenizer = new XmlByteTokenizer(values)
  const bytes = Buffer.from(text)
  for (let at = 0; at < bytes.length; at += piece) tokenizer.push(bytes.subarray(at, at + piece))
  tokenizer.end()
  values.end()
  return json
}

describe('SoapValuesStream', () => {
  for (const [name, text] of Object.entries(documents)) {
    it(`${name}: the whole reader's values, in order, whatever the window and the pieces`, () => {
      const expected = JSON.stringify(wholeValue(text))
      for (const window of [Number.POSITIVE_INFINITY, 400, 60, 1]) {
        for (const piece of [1, 7, 1 << 20]) {
          expect(streamed(text, window, piece), `window ${window}, pieces of ${piece}`).toBe(expected)
        }
      }
    })
  }

  it('past the window, a name that comes back after another starts a second field (as XmlJsonStream)', () => {
    const text = envelope('<t:y>a</t:y><t:y>b</t:y><t:x>1</t:x><t:y>c</t:y>')
    expect(JSON.stringify(wholeValue(text))).toBe(
      '{"operation":"ListItemsResponse","result":{"y":["a","b","c"],"x":"1","warning":[]}}',
    )
    expect(streamed(text, 1, 3)).toBe(
      '{"operation":"ListItemsResponse","result":{"y":["a","b"],"x":"1","y":"c","warning":[]}}',
    )
  })

  it('throws on what is not a result envelope', () => {
    expect(() => streamed('<a><b/></a>', 10, 4)).toThrow(/not a SOAP Envelope/)
    expect(() => streamed(envelope('<t:x>1</t:y>'), 10, 4)).toThrow(/Unexpected <\/t:y>/)
    expect(() => streamed(envelope('<t:x>1</t:x>').replace('</s:Envelope>', ''), 10, 4)).toThrow(
      /never closed/,
    )
  })
})

describe('a value too long to hold', () => {
  it('is refused as its pieces arrive, not once it ends', () => {
    const values = new SoapValuesStream(undefined, () => {})
    const tokenizer = new XmlByteTokenizer(values)
    tokenizer.push(
      Buffer.from(
        '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><r:OpResponse xmlns:r="urn:x"><r:big>',
      ),
    )
    const piece = Buffer.from('x'.repeat(1024 * 1024))
    let pushed = 0
    const pushUntilRefused = () => {
      for (; pushed < 100; pushed++) tokenizer.push(piece)
    }
    expect(pushUntilRefused).toThrow(/A value in the SOAP answer is longer than 10 Mi characters/)
    // Refused at the 11th MiB of the value, never the 100th: the value was not held to its end.
    expect(pushed).toBeLessThanOrEqual(11)
  })
})
