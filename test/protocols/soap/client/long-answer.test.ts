import { describe, expect, it } from 'vitest'
import type { HttpResponse } from '../../../../src/core/exchange.js'
import { longResultHead } from '../../../../src/protocols/soap/client/long-answer.js'

const S11 = 'http://schemas.xmlsoap.org/soap/envelope/'
const S12 = 'http://www.w3.org/2003/05/soap-envelope'

function head(text: string, type = 'text/xml; charset=utf-8'): ReturnType<typeof longResultHead> {
  const response: HttpResponse = {
    status: 200,
    statusText: 'OK',
    headers: { 'content-type': type },
    body: Buffer.from(text),
    url: 'http://x/',
    httpVersion: '1.1',
    timings: { total: 1 },
  }
  return longResultHead(response)
}

/** The first part of a long answer: the envelope up to a few items, cut there. */
const cut = (start: string) => `${start}<item>1</item><item>2</item><it`

describe('longResultHead: a long answer is streamed only when its first part surely opens a result', () => {
  it('a result, 1.1 or 1.2, after a declaration, comments and a Header (with an element named like it inside)', () => {
    expect(
      head(
        cut(
          `\ufeff<?xml version="1.0" encoding="UTF-8"?>\n<!-- hi --><soap:Envelope xmlns:soap="${S11}">` +
            `<soap:Header><h:MyHeader xmlns:h="urn:h">x</h:MyHeader></soap:Header>\n  <soap:Body>` +
            `<!-- result --><r:ListResponse xmlns:r="urn:r"><items>`,
        ),
      ),
    ).toEqual({
      version: expect.objectContaining({ id: '1.1' }),
      operation: { namespace: 'urn:r', local: 'ListResponse' },
    })
    expect(head(cut(`<e:Envelope xmlns:e='${S12}' xmlns="urn:d"><e:Body><ListResponse><items>`))).toEqual({
      version: expect.objectContaining({ id: '1.2' }),
      operation: { namespace: 'urn:d', local: 'ListResponse' },
    })
  })

  it.each([
    ['a fault', cut(`<s:Envelope xmlns:s="${S11}"><s:Body><s:Fault><detail>`)],
    ['HTML', cut('<!DOCTYPE html><html><body>')],
    ['another root', cut(`<Envelope xmlns="urn:not-soap"><Body><r>`)],
    ['a Body outside the envelope namespace', cut(`<s:Envelope xmlns:s="${S11}"><Body><r>`)],
    ['a Header longer than the first part', cut(`<s:Envelope xmlns:s="${S11}"><s:Header><h>`)],
    ['an empty Body', `<s:Envelope xmlns:s="${S11}"><s:Body/></s:Envelope>`],
    [
      'an encoding other than UTF-8',
      cut(`<?xml version="1.0" encoding="ISO-8859-1"?><s:Envelope xmlns:s="${S11}"><s:Body><r>`),
    ],
  ])('%s: read whole, as before', (_name, text) => {
    expect(head(text)).toBeUndefined()
  })

  it('a charset other than UTF-8 in the Content-Type: read whole', () => {
    const text = cut(`<s:Envelope xmlns:s="${S11}"><s:Body><r:X xmlns:r="urn:r">`)
    expect(head(text, 'text/xml; charset=utf-8')).toBeDefined()
    expect(head(text, 'text/xml; charset=windows-1252')).toBeUndefined()
  })
})
