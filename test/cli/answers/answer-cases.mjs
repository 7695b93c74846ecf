// Long GraphQL and SOAP answers, made the same every time and sent in pieces
// by a server that never holds more than a piece: shared by the capture
// script (run on main, before the streaming printers), the tests and the bench.
import { once } from 'node:events'
import { createServer } from 'node:http'

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
 * before or after data (or none), data null, a broken item halfway
 * (`broken`), extensions (with `pad` characters of padding: a long answer
 * whose data is null).
 */
export function* graphQLParts({ n, errors = 'none', nullData = false, broken = false, pad = 0 }) {
  yield '{'
  if (errors === 'before') yield `"errors":${JSON.stringify(graphQLErrors)},`
  if (nullData) yield '"data":null'
  else {
    yield `"data":{"count":${n},"items":[`
    for (let at = 0; at < n; at++) {
      yield (at === 0 ? '' : ',') + JSON.stringify(answerItem(at))
      if (broken && at === n >> 1) yield ',{"id":}'
    }
    yield ']}'
  }
  if (errors === 'after') yield `,"errors":${JSON.stringify(graphQLErrors)}`
  yield `,"extensions":{"cost":12${pad > 0 ? `,"pad":"${'x'.repeat(pad)}"` : ''}}}`
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
export function* soapParts({ n, fault = false, version = '1.1', broken = false }) {
  const env = version === '1.2' ? SOAP12 : SOAP11
  yield `<?xml version="1.0" encoding="utf-8"?>\n<soap:Envelope xmlns:soap="${env}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><soap:Body>`
  if (fault) {
    // A fault with a long detail (n items): read whole, as before.
    const detail = `<detail><tns:items xmlns:tns="${NS}">${Array.from({ length: n }, (_, at) => xmlItem(at)).join('')}</tns:items></detail>`
    yield version === '1.2'
      ? `<soap:Fault><soap:Code><soap:Value>soap:Sender</soap:Value></soap:Code><soap:Reason><soap:Text xml:lang="en">no such page</soap:Text></soap:Reason>${detail.replace(/detail>/g, 'soap:Detail>')}</soap:Fault>`
      : `<soap:Fault><faultcode>soap:Client</faultcode><faultstring>no such page</faultstring>${detail}</soap:Fault>`
  } else {
    yield `<tns:ListItemsResponse xmlns:tns="${NS}"><tns:total>${n}</tns:total><tns:items>`
    for (let at = 0; at < n; at++) {
      yield xmlItem(at)
      if (broken && at === n >> 1) yield '</tns:oops>'
    }
    yield '</tns:items></tns:ListItemsResponse>'
  }
  yield '</soap:Body></soap:Envelope>\n'
}

function* htmlParts(n) {
  yield '<!DOCTYPE html><html><head><title>Bad Gateway</title></head><body>'
  for (let at = 0; at < n; at++) yield `<p>line ${at} of a long error page</p>`
  yield '</body></html>'
}

/**
 * The answer a URL asks for: /graphql?n=&errors=before|after&null=1&broken=1&pad=&status=,
 * /soap?n=&fault=1&version=1.2&broken=1, /html?n=&status= (a long HTML error page).
 */
export function answerFor(url) {
  const n = Number(url.searchParams.get('n') ?? 10)
  const status = Number(url.searchParams.get('status') ?? 200)
  const broken = url.searchParams.get('broken') === '1'
  if (url.pathname === '/html') return { status, type: 'text/html', parts: htmlParts(n) }
  if (url.pathname === '/soap') {
    const version = url.searchParams.get('version') ?? '1.1'
    const fault = url.searchParams.get('fault') === '1'
    const type = version === '1.2' ? 'application/soap+xml; charset=utf-8' : 'text/xml; charset=utf-8'
    return { status: fault ? 500 : status, type, parts: soapParts({ n, fault, version, broken }) }
  }
  const errors = url.searchParams.get('errors') ?? 'none'
  const nullData = url.searchParams.get('null') === '1'
  const pad = Number(url.searchParams.get('pad') ?? 0)
  return { status, type: 'application/json', parts: graphQLParts({ n, errors, nullData, broken, pad }) }
}

/**
 * Writes an answer in pieces of ~64 KiB, waiting for the socket to drain (a
 * 200 MB answer never sits in memory); `cut=BYTES` drops the connection
 * once that many characters are written.
 */
export async function sendAnswer(url, response) {
  const { status, type, parts } = answerFor(url)
  const cut = Number(url.searchParams.get('cut') ?? Number.POSITIVE_INFINITY)
  response.writeHead(status, { 'content-type': type })
  let batch = ''
  let written = 0
  for (const part of parts) {
    batch += part
    if (batch.length < 65_536) continue
    if (!response.write(batch)) await once(response, 'drain')
    written += batch.length
    batch = ''
    if (written >= cut) {
      response.destroy()
      return
    }
  }
  response.end(batch)
}

/** A server (not yet listening) answering every request with the answer its URL asks for, once the request is read. */
export function answerServer() {
  return createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      sendAnswer(new URL(request.url ?? '/', 'http://x'), response).catch(() => response.destroy())
    })
  })
}

/** The answer a URL asks for, whole (for a test's expected output). */
export function answerText(url) {
  return [...answerFor(url).parts].join('')
}

const soapOp = ['soap', 'call', 'ListItems', '--ns', 'urn:apictl:items']
const gqlDoc = ['gql', '{ items { id name } }', '--no-validate']
const colour = { FORCE_COLOR: '1' }

/**
 * The golden cases: a name, the CLI words (the endpoint's path and query
 * appended with -e), and the environment. Short answers (under the 1 MiB
 * window) and long ones (2–3 MB: streamed after the change, read whole
 * before it), so the goldens captured on main say what both must print.
 * `long` outputs are kept as a digest and a length.
 */
export const answerCases = [
  ...['pretty', 'json', 'raw', 'table'].map((output) => ({
    name: `gql short ${output}`,
    args: [...gqlDoc, '-o', output],
    path: '/graphql?n=3&errors=after',
  })),
  // A long answer's -o table is a streamed table (tableOf's list), not one table per root field: tested apart.
  ...['pretty', 'json', 'raw'].map((output) => ({
    name: `gql long ${output}`,
    args: [...gqlDoc, '-o', output],
    path: '/graphql?n=20000&errors=after',
    long: true,
  })),
  { name: 'gql short colour', args: gqlDoc, path: '/graphql?n=3', env: colour },
  { name: 'gql long colour', args: gqlDoc, path: '/graphql?n=20000', env: colour, long: true },
  {
    name: 'gql long json colour',
    args: [...gqlDoc, '-o', 'json'],
    path: '/graphql?n=20000',
    env: colour,
    long: true,
  },
  { name: 'gql short errors first', args: gqlDoc, path: '/graphql?n=3&errors=before' },
  {
    name: 'gql long errors first 500',
    args: gqlDoc,
    path: '/graphql?n=20000&errors=before&status=500',
    long: true,
  },
  {
    name: 'gql long errors first 400 raw',
    args: [...gqlDoc, '-o', 'raw'],
    path: '/graphql?n=20000&errors=before&status=400',
    long: true,
  },
  { name: 'gql short null data', args: gqlDoc, path: '/graphql?null=1&errors=after' },
  { name: 'gql long null data', args: gqlDoc, path: '/graphql?null=1&pad=2000000' },
  { name: 'gql long null data with errors', args: gqlDoc, path: '/graphql?null=1&pad=2000000&errors=before' },
  { name: 'gql long xml', args: [...gqlDoc, '-o', 'xml'], path: '/graphql?n=20000', long: true },
  { name: 'gql long html 502', args: gqlDoc, path: '/html?n=60000&status=502' },
  { name: 'gql long html 200', args: gqlDoc, path: '/html?n=60000' },
  ...['json', 'xml', 'raw'].flatMap((output) => [
    { name: `soap short ${output}`, args: [...soapOp, '-o', output], path: '/soap?n=3' },
    { name: `soap long ${output}`, args: [...soapOp, '-o', output], path: '/soap?n=11000', long: true },
  ]),
  { name: 'soap short pretty', args: [...soapOp, '-o', 'pretty'], path: '/soap?n=3' },
  { name: 'soap short piped', args: soapOp, path: '/soap?n=3' },
  { name: 'soap long piped', args: soapOp, path: '/soap?n=11000', long: true },
  {
    name: 'soap long json colour',
    args: [...soapOp, '-o', 'json'],
    path: '/soap?n=11000',
    env: colour,
    long: true,
  },
  {
    name: 'soap long xml colour',
    args: [...soapOp, '-o', 'xml'],
    path: '/soap?n=11000',
    env: colour,
    long: true,
  },
  {
    name: 'soap long 1.2 json',
    args: [...soapOp, '--soap', '1.2', '-o', 'json'],
    path: '/soap?n=11000&version=1.2',
    long: true,
  },
  { name: 'soap short fault', args: soapOp, path: '/soap?n=3&fault=1' },
  { name: 'soap long fault', args: soapOp, path: '/soap?n=9000&fault=1', long: true },
  {
    name: 'soap long fault 1.2 xml',
    args: [...soapOp, '--soap', '1.2', '-o', 'xml'],
    path: '/soap?n=9000&fault=1&version=1.2',
    long: true,
  },
  { name: 'soap long html 502', args: soapOp, path: '/html?n=60000&status=502' },
]

/** stderr without what changes from run to run (the embedded server's line, the answering server's port). */
export function steadyStderr(text) {
  return text
    .replace(/^apictl: profile local: started the built-in reference server.*\n/m, '')
    .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT')
}
