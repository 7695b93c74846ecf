import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApictlClient, createClient } from '../../src/index.js'
import { isolatedEnv } from '../support/run-cli.js'
import { type CalculatorServer, startCalculator } from './support/calculator-server.js'

describe('createClient().soap.call against the built-in server', () => {
  let api: ApictlClient
  beforeAll(() => {
    api = createClient({ env: isolatedEnv() })
  })
  afterAll(() => api.close())

  it('resolves to { data: { operation, result } }, typed by the WSDL', async () => {
    const out = await api.soap.call('GetItem', { id: '1' })
    expect(out.error).toBeUndefined()
    expect(out.status).toBe(200)
    expect(out.data?.operation).toBe('GetItemResponse')
    expect(out.data?.result.item).toMatchObject({ id: '1', price: 89.99, tags: ['electronics', 'office'] })
  })

  it('a fault is a value, not a throw: { fault } (1.1 and 1.2)', async () => {
    const out = await api.soap.call('GetItem', { id: 'nope' })
    expect(out.data).toBeUndefined()
    expect(out.fault).toMatchObject({ code: 'Client', string: 'item "nope" does not exist', version: '1.1' })
    const v12 = await api.soap.call('GetItem', { id: 'nope' }, { version: '1.2' })
    expect(v12.fault).toMatchObject({
      code: 'Sender',
      subcodes: ['{urn:apictl:items}NOT_FOUND'],
      version: '1.2',
    })
  })

  it('writes with a UsernameToken; numbers, lists and nil go in as values', async () => {
    const out = await api.soap.call(
      'CreateItem',
      { name: 'Stapler', description: null, price: 7.25, tags: ['office', 'tools'] },
      { wss: { username: 'demo', password: 'demo' } },
    )
    expect(out.fault).toBeUndefined()
    expect(out.data?.result.item).toMatchObject({
      name: 'Stapler',
      description: null,
      price: 7.25,
      tags: ['office', 'tools'],
    })
    const refused = await api.soap.call('CreateItem', { name: 'Stapler', price: 1 }, { wss: 'demo:wrong' })
    expect(refused.fault?.code).toBe('Client')
  })

  it('an unknown operation or parameter is { error } with exit code 2 and the valid names', async () => {
    const operation = await api.soap.call('GetItems', {})
    expect(operation.error).toMatchObject({ exitCode: 2 })
    expect(operation.error?.message).toContain('Did you mean "GetItem"?')
    const parameter = await api.soap.call('GetItem', { ident: '1' })
    expect(parameter.error?.hint).toContain('valid ones: id: string')
  })
})

describe('createClient({ wsdl }).soap.call against a node-soap service', () => {
  let calculator: CalculatorServer
  let api: ApictlClient
  beforeAll(async () => {
    calculator = await startCalculator()
    api = createClient({ wsdl: calculator.wsdl, env: isolatedEnv() })
  })
  afterAll(async () => {
    await api.close()
    await calculator.close()
  })

  it("uses the WSDL's address for each version", async () => {
    expect((await api.soap.call('Add', { a: 20, b: 22 })).data).toEqual({
      operation: 'AddResponse',
      result: { result: 42 },
    })
    expect((await api.soap.call('Add', { a: 1, b: 1 }, { version: '1.2' })).data?.result).toEqual({
      result: 2,
    })
    const paths = calculator.seen
      .filter((request) => !request.path.includes('?wsdl'))
      .map((request) => request.path)
    expect(paths).toEqual(['/calc11', '/calc12'])
  })
})
