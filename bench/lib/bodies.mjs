// Generated bodies for section E (growth): a JSON array of objects and the
// same items as an XML list, of about a given size, written to files once per
// run. Deterministic: the same size gives the same bytes.

import { once } from 'node:events'
import { createWriteStream } from 'node:fs'

const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliett']
const cities = ['Zürich', 'São Paulo', 'Kraków', 'Malmö', 'Reykjavík', 'Tōkyō', 'Montréal', 'Ålesund']

/** Item n: about 290 bytes of JSON with strings, numbers, booleans, null, a list and a nested object. */
export function item(n) {
  const word = (k) => words[(n * 7 + k * 3) % words.length]
  return {
    id: n + 1,
    sku: `SKU-${String((n * 7919) % 1000003).padStart(7, '0')}`,
    name: `${word(0)} ${word(1)} ${n}`,
    price: Math.round(((n * 37) % 100000) + 0.99) / 100,
    inStock: n % 3 !== 0,
    discount: n % 5 === 0 ? null : (n % 7) / 10,
    tags: [word(2), word(3), word(4)],
    city: cities[n % cities.length],
    supplier: { id: (n % 97) + 1, name: `Supplier ${word(5)}`, rating: ((n % 50) + 1) / 10 },
    description: `The ${word(6)} ${word(7)} line, "${word(8)}" edition\twith a tab, batch ${n % 1000}.`,
  }
}

function xmlEscape(text) {
  return String(text)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
}

function xmlItem(n) {
  const value = item(n)
  const tags = value.tags.map((tag) => `<tag>${tag}</tag>`).join('')
  return (
    `<item id="${value.id}" sku="${value.sku}"><name>${xmlEscape(value.name)}</name><price>${value.price}</price>` +
    `<inStock>${value.inStock}</inStock><tags>${tags}</tags><city>${value.city}</city>` +
    `<supplier id="${value.supplier.id}"><name>${value.supplier.name}</name><rating>${value.supplier.rating}</rating></supplier>` +
    `<description>${xmlEscape(value.description)}</description></item>`
  )
}

async function writeBody(file, bytes, open, each, separator, close) {
  const out = createWriteStream(file)
  let written = 0
  let count = 0
  let batch = open
  const write = async (text) => {
    written += Buffer.byteLength(text)
    if (!out.write(text)) await once(out, 'drain')
  }
  while (written + Buffer.byteLength(batch) < bytes) {
    batch += (count === 0 ? '' : separator) + each(count)
    count++
    if (batch.length > 65536) {
      await write(batch)
      batch = ''
    }
  }
  await write(`${batch}${close}`)
  out.end()
  await once(out, 'close')
  return { file, bytes: written, items: count }
}

/** A JSON array of item objects, compact (as APIs send), of about `bytes` bytes. */
export function writeJsonBody(file, bytes) {
  return writeBody(file, bytes, '[', (n) => JSON.stringify(item(n)), ',', ']')
}

/** The same items as `<?xml?><items><item …>…</item>…</items>`, of about `bytes` bytes. */
export function writeXmlBody(file, bytes) {
  return writeBody(file, bytes, '<?xml version="1.0" encoding="UTF-8"?>\n<items>', xmlItem, '', '</items>\n')
}

/** The JSON items as a GraphQL answer, `{"data":{"items":[…]}}`, of about `bytes` bytes. */
export function writeGraphQLAnswer(file, bytes) {
  return writeBody(file, bytes, '{"data":{"items":[', (n) => JSON.stringify(item(n)), ',', ']}}')
}

/** The XML items as a SOAP 1.1 result envelope (a ListItemsResponse), of about `bytes` bytes. */
export function writeSoapAnswer(file, bytes) {
  const open =
    '<?xml version="1.0" encoding="UTF-8"?>\n<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">' +
    '<soap:Body><ListItemsResponse xmlns="urn:apictl:items"><items>'
  return writeBody(
    file,
    bytes,
    open,
    xmlItem,
    '',
    '</items></ListItemsResponse></soap:Body></soap:Envelope>\n',
  )
}
