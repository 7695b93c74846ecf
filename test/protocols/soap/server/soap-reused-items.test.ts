import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Envelope, writeEnvelope } from '../../../../src/protocols/soap/envelope.js'
import { itemElement, leaf } from '../../../../src/protocols/soap/server/item-elements.js'
import { itemsNamespace, tns } from '../../../../src/protocols/soap/server/item-service.js'
import { soap11, soap12 } from '../../../../src/protocols/soap/soap-version.js'
import { element } from '../../../../src/protocols/soap/xml/xml-element.js'
import type { Item } from '../../../../src/server/kit/item.js'
import { type RunningServer, startServer } from '../../../../src/server/reference/start-server.js'
import { actionOf, call, envelope, postSoap, type Version } from './soap-test-support.js'

let server: RunningServer
beforeAll(async () => {
  server = await startServer({ port: 0 })
  // Enough items for a page of 100 well over the size sent as one string, with text the writer escapes or replaces.
  const names = ['Ink & paper <A4>', 'Füller 😀', 'tab\tand ]]> end', 'cr\r\nlf', '中文 item']
  for (let index = 0; index < 100; index++) {
    await server.store.create({
      name: `${names[index % names.length]} ${index}`,
      description: index % 3 === 0 ? null : `about "${index}" & more`,
      price: index % 7 === 0 ? 1e-7 : index + 0.25,
      quantity: index,
      tags: index % 4 === 0 ? [] : ['a&b', `t${index % 5}`],
    })
  }
})
afterAll(() => server.close())

const versions = { '1.1': soap11, '1.2': soap12 }

/** The answer written from a freshly built tree, as the server wrote every answer before items were reused. */
function fromScratch(version: Version, operation: string, children: ReturnType<typeof leaf>[]): string {
  const message: Envelope = {
    version: versions[version],
    headers: [],
    body: [element(tns(`${operation}Response`), children, [], 'tns')],
  }
  return writeEnvelope(message, new Map([[itemsNamespace, 'tns']]))
}

function listedFromScratch(version: Version, page: number, limit: number): string {
  const result = server.store.list({ page, limit })
  return fromScratch(version, 'ListItems', [
    element(
      tns('items'),
      result.items.map((item) => itemElement('item', item)),
    ),
    leaf('total', result.total),
    leaf('page', page),
    leaf('limit', limit),
  ])
}

async function post(version: Version, operation: string, parameters: string) {
  const answer = await postSoap(server.url, envelope(version, call(operation, parameters)), {
    version,
    action: actionOf(operation),
  })
  expect(answer.status).toBe(200)
  expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body))
  return answer.body
}

describe.each(['1.1', '1.2'] as Version[])('SOAP %s answers with reused items', (version) => {
  it('a page of 100 is byte for byte the answer written from scratch, every time', async () => {
    const expected = listedFromScratch(version, 1, 100)
    expect(Buffer.byteLength(expected)).toBeGreaterThan(32 * 1024)
    for (let round = 0; round < 3; round++) {
      expect(await post(version, 'ListItems', '<tns:page>1</tns:page><tns:limit>100</tns:limit>')).toBe(
        expected,
      )
    }
    // A page that overlaps it: the items written before come back beside new ones.
    const overlap = await post(version, 'ListItems', '<tns:page>3</tns:page><tns:limit>40</tns:limit>')
    expect(overlap).toBe(listedFromScratch(version, 3, 40))
  })

  it('an item written again after a change shows the change (GetItem and ListItems)', async () => {
    const id = server.store.list({ page: 1, limit: 1 }).items[0]!.id
    const get = () => post(version, 'GetItem', `<tns:id>${id}</tns:id>`)
    const single = (item: Item) => fromScratch(version, 'GetItem', [itemElement('item', item)])
    expect(await get()).toBe(single(server.store.get(id)!))
    await server.store.patch(id, { name: `renamed in ${version} & again`, tags: ['x'] })
    const text = await get()
    expect(text).toContain(`<tns:name>renamed in ${version} &amp; again</tns:name>`)
    expect(text).toBe(single(server.store.get(id)!))
    const listed = await post(version, 'ListItems', '<tns:page>1</tns:page><tns:limit>100</tns:limit>')
    expect(listed).toBe(listedFromScratch(version, 1, 100))
  })
})
