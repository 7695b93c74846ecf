import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SoapRecord } from '../../../../src/protocols/soap/message-values.js'
import type { ChangeEvent } from '../../../../src/server/kit/item.js'
import { type RunningServer, startServer } from '../../../../src/server/reference/start-server.js'
import {
  actionOf,
  call,
  digestSecurity,
  envelope,
  postSoap,
  reply,
  security,
  type Version,
  wsseUri,
} from './soap-test-support.js'

let server: RunningServer
beforeAll(async () => {
  server = await startServer({ port: 0 })
})
afterAll(() => server.close())

async function invoke(
  version: Version,
  operation: string,
  parameters: string,
  header?: string,
): Promise<SoapRecord> {
  const answer = await postSoap(server.url, envelope(version, call(operation, parameters), header), {
    version,
    action: actionOf(operation),
  })
  const result = reply(answer)
  if (result.kind !== 'result') throw new Error(`${operation} faulted: ${result.fault.reason}`)
  expect(answer.status).toBe(200)
  expect(result.operation).toEqual({ namespace: 'urn:apictl:items', local: `${operation}Response` })
  return result.values
}

describe.each(['1.1', '1.2'] as Version[])('SOAP %s operations over the shared store', (version) => {
  it('GetItem answers GetItemResponse with the item', async () => {
    const values = await invoke(version, 'GetItem', '<tns:id>1</tns:id>')
    expect(values.item).toMatchObject({
      id: '1',
      name: 'Mechanical Keyboard',
      price: '89.99',
      quantity: '24',
      tags: ['electronics', 'office'],
      createdAt: '2024-01-08T09:00:00.000Z',
    })
  })

  it('ListItems pages in the store order, with total, and filters by tag', async () => {
    const values = await invoke(version, 'ListItems', '<tns:page>2</tns:page><tns:limit>3</tns:limit>')
    const items = (values.items as SoapRecord).item as SoapRecord[]
    const expected = server.store.list({ page: 2, limit: 3 }).items.map((item) => item.id)
    expect(items.map((item) => item.id)).toEqual(expected)
    expect(values).toMatchObject({ total: String(server.store.count()), page: '2', limit: '3' })
    const tagged = await invoke(version, 'ListItems', '<tns:tag>office</tns:tag><tns:limit>100</tns:limit>')
    expect(tagged.total).toBe(String(server.store.count('office')))
    const defaults = await invoke(version, 'ListItems', '')
    expect(defaults).toMatchObject({ page: '1', limit: '20' })
  })

  it('CreateItem, UpdateItem and DeleteItem with a UsernameToken, visible over REST', async () => {
    const created = await invoke(
      version,
      'CreateItem',
      '<tns:name>Soap &amp; Suds</tns:name><tns:price>4.25</tns:price><tns:tags>bath</tns:tags><tns:tags>soap</tns:tags>',
      security(),
    )
    const item = created.item as SoapRecord
    expect(item).toMatchObject({ name: 'Soap & Suds', price: '4.25', quantity: '0', tags: ['bath', 'soap'] })
    expect(item.description).toBeNull()
    const id = item.id as string
    const rest = await (await fetch(`${server.url}/v1/items/${id}`)).json()
    expect(rest).toMatchObject({
      id,
      name: 'Soap & Suds',
      price: 4.25,
      tags: ['bath', 'soap'],
      description: null,
    })

    const updated = await invoke(
      version,
      'UpdateItem',
      `<tns:id>${id}</tns:id><tns:quantity>7</tns:quantity><tns:description>Lavender</tns:description><tns:tags xsi:nil="true"/>`,
      security(),
    )
    expect(updated.item).toMatchObject({ id, name: 'Soap & Suds', quantity: '7', description: 'Lavender' })
    expect((updated.item as SoapRecord).tags).toBeUndefined()
    expect(await (await fetch(`${server.url}/v1/items/${id}`)).json()).toMatchObject({
      quantity: 7,
      tags: [],
    })

    const deleted = await invoke(version, 'DeleteItem', `<tns:id>${id}</tns:id>`, security())
    expect((deleted.item as SoapRecord).id).toBe(id)
    expect((await fetch(`${server.url}/v1/items/${id}`)).status).toBe(404)
  })

  it('a store validation failure is a Client/Sender fault listing the fields', async () => {
    const answer = await postSoap(
      server.url,
      envelope(version, call('CreateItem', '<tns:name> </tns:name><tns:price>-1</tns:price>'), security()),
      { version },
    )
    const result = reply(answer)
    expect(result.kind === 'fault' && result.faultKind).toBe('client')
    expect(result.kind === 'fault' && result.fault.reason).toMatch(
      /name: must not be empty; price: must be a number >= 0/,
    )
  })

  it('SOAP writes reach the change feed that GraphQL subscriptions relay', async () => {
    const events: ChangeEvent[] = []
    const stop = server.store.changes.subscribe((event) => events.push(event))
    try {
      const created = await invoke(
        version,
        'CreateItem',
        '<tns:name>Fed</tns:name><tns:price>1</tns:price>',
        security(),
      )
      const id = (created.item as SoapRecord).id as string
      await invoke(version, 'DeleteItem', `<tns:id>${id}</tns:id>`, security())
      expect(events.map((event) => [event.type, event.item.id])).toEqual([
        ['created', id],
        ['deleted', id],
      ])
    } finally {
      stop()
    }
  })
})

describe('WS-Security UsernameToken', () => {
  const digestToken = (password: string, created: string) => digestSecurity(password, { created })

  it('PasswordDigest is accepted when fresh and refused when stale or wrong', async () => {
    const body = call('UpdateItem', '<tns:id>2</tns:id><tns:quantity>58</tns:quantity>')
    const now = new Date().toISOString()
    const ok = await postSoap(server.url, envelope('1.1', body, digestToken('demo', now)))
    expect(ok.status).toBe(200)
    const stale = await postSoap(
      server.url,
      envelope('1.1', body, digestToken('demo', '2001-01-01T00:00:00Z')),
    )
    expect(stale.status).toBe(500)
    const wrong = await postSoap(server.url, envelope('1.1', body, digestToken('guess', now)))
    expect(
      reply(wrong).kind === 'fault' && (reply(wrong) as { fault: { reason: string } }).fault.reason,
    ).toMatch(/wrong user name or password/)
  })

  it('a Security header with a broken token, or a foreign password type, is refused', async () => {
    const body = call('GetItem', '<tns:id>1</tns:id>')
    const broken = `<wsse:Security><wsse:UsernameToken><wsse:Username>demo</wsse:Username></wsse:UsernameToken></wsse:Security>`
    const answer = await postSoap(server.url, envelope('1.2', body, broken), { version: '1.2' })
    const result = reply(answer)
    expect(result.kind === 'fault' && result.fault.subcodes).toEqual([
      { namespace: wsseUri, local: 'InvalidSecurityToken' },
    ])
    const foreign = security().replace(/Type="[^"]+"/, 'Type="urn:example:kerberos"')
    const other = reply(await postSoap(server.url, envelope('1.2', body, foreign), { version: '1.2' }))
    expect(other.kind === 'fault' && other.fault.subcodes[0]?.local).toBe('UnsupportedSecurityToken')
  })

  it('a Security header meant for another actor does not authenticate this call', async () => {
    const elsewhere = security().replace('soap:mustUnderstand="1"', 'soap:actor="urn:example:gateway"')
    const create = call('CreateItem', '<tns:name>x</tns:name><tns:price>1</tns:price>')
    const result = reply(await postSoap(server.url, envelope('1.1', create, elsewhere)))
    expect(result.kind === 'fault' && result.fault.reason).toMatch(/changes data/)
  })
})
