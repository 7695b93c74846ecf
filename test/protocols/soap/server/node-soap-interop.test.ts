import soap from 'soap'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../../../src/server/reference/start-server.js'

let server: RunningServer
beforeAll(async () => {
  server = await startServer({ port: 0 })
})
afterAll(() => server.close())

interface SoapFailure {
  root?: { Envelope?: { Body?: { Fault?: Record<string, unknown> } } }
}

async function faultOf(promise: Promise<unknown>): Promise<Record<string, unknown>> {
  const error = (await promise.then(
    () => {
      throw new Error('expected the call to fail with a fault')
    },
    (failure: unknown) => failure,
  )) as SoapFailure
  const fault = error.root?.Envelope?.Body?.Fault
  if (fault === undefined) throw error
  return fault
}

describe('node-soap (the soap package) as a client of /soap?wsdl', () => {
  it('reads the WSDL: one service, a SOAP 1.1 and a 1.2 port, every operation', async () => {
    const client = await soap.createClientAsync(`${server.url}/soap?wsdl`)
    const description = client.describe() as Record<string, Record<string, Record<string, unknown>>>
    expect(Object.keys(description.ItemService!)).toEqual(['ItemsSoap11Port', 'ItemsSoap12Port'])
    expect(Object.keys(description.ItemService!.ItemsSoap11Port!)).toEqual([
      'GetItem',
      'ListItems',
      'CreateItem',
      'UpdateItem',
      'DeleteItem',
      'RaiseFault',
    ])
  })

  it('calls GetItem', async () => {
    const client = await soap.createClientAsync(`${server.url}/soap?wsdl`)
    const [result] = await client.GetItemAsync({ id: '1' })
    expect(result.item).toMatchObject({
      id: '1',
      name: 'Mechanical Keyboard',
      price: 89.99,
      tags: ['electronics', 'office'],
    })
  })

  it('gets a Client fault for an unknown id, with the ItemFault detail', async () => {
    const client = await soap.createClientAsync(`${server.url}/soap?wsdl`)
    const fault = await faultOf(client.GetItemAsync({ id: 'missing' }))
    expect(fault.faultcode).toBe('soap:Client')
    expect(fault.faultstring).toBe('item "missing" does not exist')
    expect(fault.detail).toMatchObject({ ItemFault: { code: 'NOT_FOUND' } })
  })

  it('CreateItem needs its WSSecurity (PasswordText), then the item is served over REST too', async () => {
    const client = await soap.createClientAsync(`${server.url}/soap?wsdl`)
    const refused = await faultOf(client.CreateItemAsync({ name: 'Loofah', price: 3 }))
    expect(refused.faultstring).toMatch(/CreateItem changes data/)
    client.setSecurity(new soap.WSSecurity('demo', 'demo', { passwordType: 'PasswordText' }))
    const [result] = await client.CreateItemAsync({ name: 'Loofah', price: 3, tags: ['bath', 'natural'] })
    expect(result.item).toMatchObject({ name: 'Loofah', price: 3, quantity: 0, tags: ['bath', 'natural'] })
    const rest = await fetch(`${server.url}/v1/items/${result.item.id}`)
    expect(await rest.json()).toMatchObject({ name: 'Loofah', price: 3, tags: ['bath', 'natural'] })
  })

  it('a wrong WSSecurity password is refused', async () => {
    const client = await soap.createClientAsync(`${server.url}/soap?wsdl`)
    client.setSecurity(new soap.WSSecurity('demo', 'wrong', { passwordType: 'PasswordText' }))
    const fault = await faultOf(client.DeleteItemAsync({ id: '1' }))
    expect(fault.faultstring).toMatch(/wrong user name or password/)
    expect(server.store.get('1')).toBeDefined()
  })

  it('speaks SOAP 1.2 too (forceSoap12Headers), and gets 1.2 faults', async () => {
    const client = await soap.createClientAsync(`${server.url}/soap?wsdl`, { forceSoap12Headers: true })
    const [result] = await client.ListItemsAsync({ limit: 2, tag: 'office' })
    expect(result.items.item).toHaveLength(2)
    expect(result.total).toBe(server.store.count('office'))
    const fault = await faultOf(client.RaiseFaultAsync({ code: 'Receiver', message: 'try me' }))
    expect(fault).toMatchObject({ Code: { Value: 'soap:Receiver' }, Reason: { Text: { $value: 'try me' } } })
  })
})
