// Long GraphQL and SOAP answers, made the same every time and sent in pieces
// by a server that never holds more than a piece: shared by the capture
// script (run on main, before the streaming printers), the tests and the bench.
import { once } from 'node:events'

const cities = ['Zürich', 'São Paulo', 'Kraków', '東京']

/** One item of a list answer (JSON): strings with escapes and non-ASCII, nulls, nested objects. */
export function answerItem(n) {
  return {
    id: String(n + 1),
    name: `item ${n} "${cities[n % cities.length]}"`,
    price: ((n * 37) % 10000) / 100 + 0.25,
    quantity: n % 5,
    tags: n % 3 === 0 ? [] : ['a', `t${n % 11}`],
    description: n % 4 === 0 ? null : n % 101 === 0 ? 'tab\tand \u00e9 \ud83d\ude00' : 'plain',
  }
}

const graphQLErrors = [
  { message: 'price of item 7 hidden', path: ['items', 6, 'price'], extensions: { code: 'FORBIDDEN' } },
]

/**
 * A GraphQL answer as pieces of text: `n` items under data.items, errors
 * before or after data (or none), data null, extensions.
 */
export function* graphQLParts({ n, errors = 'none', nullData = false }) {
  yield '{'
  if (errors === 'before') yield `"errors":${JSON.stringify(graphQLErrors)},`
  if (nullData) yield '"data":null'
  else {
    yield '"data":{"count":' + n + ',"items":['
    for (let at = 0; at < n; at++) yield (at === 0 ? '' : ',') + JSON.stringify(answerItem(at))
    yield ']}'
  }
  if (errors === 'after') yield `,"errors":${JSON.stringify(graphQLErrors)}`
  yield ',"extensions":{"cost":12}}'
}

const SOAP11 = 'http://schemas.xmlsoap.org/soap/envelope/'
const SOAP12 = 'http://www.w3.org/2003/05/soap-envelope'
const NS = 'urn:apictl:items'

const escapeXml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

function xmlItem(n) {
  const item = answerItem(n)
  const tags = item.tags.map((tag) => `<tns:tag>${tag}</tns:tag>`).join('')
  const description =
    item.description === null
      ? '<tns:description xsi:nil="true"/>'
      : `<tns:description>${escapeXml(item.description)}</tns:description>`
  return (
    `<tns:item><tns:id>${item.id}</tns:id><tns:name>${escapeXml(item.name)}</tns:name>` +
    `<tns:price>${item.price}</tns:price><tns:quantity>${item.quantity}</tns:quantity>` +
    `<tns:tags>${tags}</tns:tags>${description}</tns:item>`
  )
}

/** A SOAP answer as pieces of text: a ListItemsResponse of `n` items, or a fault. */
export function* soapParts({ n, fault = false, version = '1.1' }) {
  const env = version === '1.2' ? SOAP12 : SOAP11
  yield `<?xml version="1.0" encoding="utf-8"?>\n<soap:Envelope xmlns:soap="${env}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><soap:Body>`
  if (fault) {
    yield version === '1.2'
      ? '<soap:Fault><soap:Code><soap:Value>soap:Sender</soap:Value></soap:Code><soap:Reason><soap:Text xml:lang="en">no such page</soap:Text></soap:Reason></soap:Fault>'
      : '<soap:Fault><faultcode>soap:Client</faultcode><faultstring>no such page</faultstring></soap:Fault>'
  } else {
    yield `<tns:ListItemsResponse xmlns:tns="${NS}"><tns:total>${n}</tns:total><tns:items>`
    for (let at = 0; at < n; at++) yield xmlItem(at)
    yield '</tns:items></tns:ListItemsResponse>'
  }
  yield '</soap:Body></soap:Envelope>\n'
}

/** The answer a URL asks for: /graphql?n=&errors=&null=1&status=, /soap?n=&fault=1&version= */
export function answerFor(url) {
  const n = Number(url.searchParams.get('n') ?? 10)
  const status = Number(url.searchParams.get('status') ?? 200)
  if (url.pathname === '/soap') {
    const version = url.searchParams.get('version') ?? '1.1'
    const fault = url.searchParams.get('fault') === '1'
    const type = version === '1.2' ? 'application/soap+xml; charset=utf-8' : 'text/xml; charset=utf-8'
    return { status: fault ? 500 : status, type, parts: soapParts({ n, fault, version }) }
  }
  const errors = url.searchParams.get('errors') ?? 'none'
  const nullData = url.searchParams.get('null') === '1'
  return { status, type: 'application/json', parts: graphQLParts({ n, errors, nullData }) }
}

/** Writes an answer in pieces of ~64 KiB, waiting for the socket to drain (a 200 MB answer never sits in memory). */
export async function sendAnswer(url, response) {
  const { status, type, parts } = answerFor(url)
  response.writeHead(status, { 'content-type': type })
  let batch = ''
  for (const part of parts) {
    batch += part
    if (batch.length < 65_536) continue
    if (!response.write(batch)) await once(response, 'drain')
    batch = ''
  }
  response.end(batch)
}

/** The answer a URL asks for, whole (for a test's expected output). */
export function answerText(url) {
  return [...answerFor(url).parts].join('')
}
